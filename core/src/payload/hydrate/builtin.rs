//! devalue's built-in types: Date, RegExp, BigInt, boxed primitives, Map and Set members,
//! typed arrays and ArrayBuffers, URL and the Temporal types.

use super::*;

impl<'a, 'r> Engine<'a, 'r> {
    /// `get_raw` of devalue 6: the raw entry at an index that must exist.
    pub(super) fn get_raw(&self, r: RawRef) -> Result<RawRef, PayloadError> {
        match self.doc.get(r) {
            RawVal::Num(x) if is_valid_index(x) && x < self.values.len() as f64 => {
                Ok(self.values.get(x as usize).copied().unwrap_or(UNDEF))
            }
            _ => Err(PayloadError::InvalidInput),
        }
    }

    /// Whether a raw value is an array whose first element is the string `tag`.
    pub(super) fn is_tagged(&self, r: RawRef, tag: &str) -> bool {
        match self.doc.get(r) {
            RawVal::Arr { start, len } => match self.doc.get(self.elem(start, len, 0)) {
                RawVal::Str(t) => self.tok_text(t).is_some_and(|s| s == tag),
                _ => false,
            },
            _ => false,
        }
    }

    /// The built-in types of devalue's `switch (type)`.
    pub(super) fn builtin(
        &mut self,
        index: u32,
        name: &str,
        start: u32,
        len: u32,
        counted: bool,
    ) -> Result<Step, PayloadError> {
        let i = index as usize;
        let v1 = self.elem(start, len, 1);
        let base = self.scratch.len() as u32;
        let leaf = match name {
            "Date" => self.date(v1)?,
            "Set" => {
                let node = self.push_container(Node::Set {
                    items: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                self.stack.push(Frame::Set {
                    node,
                    start,
                    len,
                    pos: 1,
                    base,
                });
                return Ok(Step::Pushed);
            }
            "Map" => {
                let node = self.push_container(Node::Map {
                    entries: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                self.stack.push(Frame::Map {
                    node,
                    start,
                    len,
                    pos: 1,
                    base,
                });
                return Ok(Step::Pushed);
            }
            "RegExp" => self.regexp(v1, self.elem(start, len, 2))?,
            "Object" => {
                let boxable = matches!(self.doc.get(v1), RawVal::Num(x) if matches!(x, -3.0 | -4.0 | -5.0 | -6.0));
                if !boxable {
                    let wrapped = self.get_raw(v1)?;
                    let bigint = self.is_tagged(wrapped, "BigInt");
                    let object = matches!(
                        self.doc.get(wrapped),
                        RawVal::Undefined | RawVal::Null | RawVal::Arr { .. } | RawVal::Obj { .. }
                    );
                    if object && !bigint {
                        return Err(PayloadError::InvalidInput);
                    }
                }
                self.stack.push(Frame::Box {
                    index,
                    v1,
                    counted,
                    started: false,
                });
                return Ok(Step::Pushed);
            }
            "BigInt" => self.bigint(v1)?,
            "null" => {
                let node = self.push_container(Node::NullProtoObject {
                    entries: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                self.stack.push(Frame::NullProto {
                    node,
                    start,
                    len,
                    pos: 1,
                    base,
                });
                return Ok(Step::Pushed);
            }
            "ArrayBuffer" => {
                let RawVal::Str(t) = self.doc.get(v1) else {
                    return Err(PayloadError::ArrayBufferEncoding);
                };
                let text = self.tok_text(t).ok_or(PayloadError::ArrayBufferEncoding)?;
                let from = self.bytes.len();
                if !decode_base64(&text, &mut self.bytes) {
                    self.bytes.truncate(from);
                    return Err(PayloadError::ArrayBufferEncoding);
                }
                let bytes = Span {
                    start: from as u32,
                    len: (self.bytes.len() - from) as u32,
                };
                self.push_node(Node::ArrayBuffer { bytes })
            }
            "URL" => {
                let s = self.text_arg(v1, "a URL given as an array")?;
                if !url_ok(&self.strs_text(s)) {
                    return Err(PayloadError::Url);
                }
                self.push_node(Node::Url { str: s })
            }
            "URLSearchParams" => {
                let s = match self.doc.get(v1) {
                    RawVal::Undefined => self.strs.intern(self.input, ""),
                    RawVal::Obj { .. } => {
                        return Err(PayloadError::Unsupported(
                            "URLSearchParams given as an object",
                        ));
                    }
                    _ => self.text_arg(v1, "URLSearchParams given as an array")?,
                };
                self.push_node(Node::UrlSearchParams { str: s })
            }
            _ => {
                if let Some(kind) = ViewKind::from_name(name) {
                    let raw = self.get_raw(v1)?;
                    if !self.is_tagged(raw, "ArrayBuffer") {
                        return Err(PayloadError::InvalidInput);
                    }
                    let (offset, length) = (self.elem(start, len, 2), self.elem(start, len, 3));
                    self.stack.push(Frame::View {
                        index,
                        kind,
                        v1,
                        offset,
                        length,
                        counted,
                        started: false,
                    });
                    return Ok(Step::Pushed);
                }
                if let Some(temporal) = TemporalKind::from_tag(name) {
                    let Some(t) = self.doc.tok_of(v1) else {
                        return Err(PayloadError::Unsupported(
                            "a Temporal value given as a non-string",
                        ));
                    };
                    let s = self.strs.add_token(self.input, t, &self.doc.escs);
                    self.push_node(Node::Temporal { temporal, str: s })
                } else {
                    return Err(PayloadError::UnknownType(name.to_string()));
                }
            }
        };
        self.set_hydrated(i, leaf, counted);
        Ok(Step::Done(leaf))
    }

    pub(super) fn strs_text(&self, s: StrId) -> String {
        match self.strs.content(self.input, s) {
            Content::Str(t) => t.to_string(),
            Content::Wide(w) => String::from_utf16_lossy(w),
        }
    }

    /// `String(value)` for a constructor argument given as JSON (arrays unsupported).
    pub(super) fn text_arg(
        &mut self,
        r: RawRef,
        array_msg: &'static str,
    ) -> Result<StrId, PayloadError> {
        let s = match self.doc.get(r) {
            RawVal::Str(t) => {
                return Ok(self.strs.add_token(self.input, self.tok(t), &self.doc.escs));
            }
            RawVal::Undefined => "undefined".to_string(),
            RawVal::Null => "null".to_string(),
            RawVal::Bool(b) => b.to_string(),
            RawVal::Num(x) => js_number_to_string(x),
            RawVal::Obj { .. } => "[object Object]".to_string(),
            RawVal::Arr { .. } => return Err(PayloadError::Unsupported(array_msg)),
        };
        Ok(self.strs.intern(self.input, &s))
    }

    pub(super) fn date(&mut self, v: RawRef) -> Result<NodeId, PayloadError> {
        let time = match self.doc.get(v) {
            RawVal::Str(t) => match self.tok_text(t).map(|s| parse_date_text(&s)) {
                Some(DateText::Time(t)) => t,
                _ => {
                    let s = self.strs.add_token(self.input, self.tok(t), &self.doc.escs);
                    return Ok(self.push_node(Node::DateText { str: s }));
                }
            },
            RawVal::Num(x) => time_clip(x),
            RawVal::Null | RawVal::Bool(false) => 0.0,
            RawVal::Bool(true) => 1.0,
            RawVal::Undefined | RawVal::Obj { .. } => f64::NAN,
            RawVal::Arr { .. } => {
                return Err(PayloadError::Unsupported("a Date given as an array"));
            }
        };
        Ok(self.push_node(Node::Date { time }))
    }

    pub(super) fn regexp(&mut self, source: RawRef, flags: RawRef) -> Result<NodeId, PayloadError> {
        let source = match self.doc.get(source) {
            RawVal::Undefined => self.strs.intern(self.input, ""),
            _ => self.text_arg(source, "a RegExp source given as an array")?,
        };
        let flags = match self.doc.get(flags) {
            RawVal::Undefined => self.strs.intern(self.input, ""),
            _ => self.text_arg(flags, "RegExp flags given as an array")?,
        };
        let text = self.strs_text(flags);
        if !flags_ok(&text) {
            return Err(PayloadError::RegExpFlags(text));
        }
        Ok(self.push_node(Node::RegExp { source, flags }))
    }

    pub(super) fn bigint(&mut self, v: RawRef) -> Result<NodeId, PayloadError> {
        let text = match self.doc.get(v) {
            RawVal::Str(t) => {
                let tok = self.tok(t);
                let content = self.tok_text(t).map(|c| c.into_owned());
                let Some(content) = content else {
                    let lossy = String::from_utf16_lossy(&self.wide_tok(t));
                    return Err(PayloadError::BigInt(format!(
                        "Cannot convert {lossy} to a BigInt"
                    )));
                };
                match parse_bigint_text(&content) {
                    None => {
                        return Err(PayloadError::BigInt(format!(
                            "Cannot convert {content} to a BigInt"
                        )));
                    }
                    Some(_) if !tok.escaped() && is_normal_bigint(&content) => {
                        let s = self.strs.add_token(self.input, tok, &self.doc.escs);
                        return Ok(self.push_node(Node::BigInt { str: s }));
                    }
                    Some(n) => n,
                }
            }
            RawVal::Num(x) => bigint_from_number(x).map_err(PayloadError::BigInt)?,
            RawVal::Bool(b) => if b { "1" } else { "0" }.to_string(),
            RawVal::Null => {
                return Err(PayloadError::BigInt(
                    "Cannot convert null to a BigInt".into(),
                ));
            }
            RawVal::Undefined => {
                return Err(PayloadError::BigInt(
                    "Cannot convert undefined to a BigInt".into(),
                ));
            }
            RawVal::Obj { .. } => {
                return Err(PayloadError::BigInt(
                    "Cannot convert [object Object] to a BigInt".into(),
                ));
            }
            RawVal::Arr { .. } => {
                return Err(PayloadError::Unsupported("a BigInt given as an array"));
            }
        };
        let s = self.strs.owned(&text);
        Ok(self.push_node(Node::BigInt { str: s }))
    }

    pub(super) fn finish_box(&mut self, index: u32, value: NodeId, counted: bool) -> NodeId {
        let node = self.push_node(Node::Boxed { value });
        self.set_hydrated(index as usize, node, counted);
        node
    }

    pub(super) fn index_arg(&self, r: RawRef) -> Result<IndexArg, PayloadError> {
        Ok(match self.doc.get(r) {
            RawVal::Undefined => IndexArg::Absent,
            RawVal::Num(x) => IndexArg::Num(x),
            RawVal::Null | RawVal::Bool(false) => IndexArg::Num(0.0),
            RawVal::Bool(true) => IndexArg::Num(1.0),
            _ => {
                return Err(PayloadError::Unsupported(
                    "a typed array offset or length that is not a number",
                ));
            }
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish_view(
        &mut self,
        index: u32,
        kind: ViewKind,
        offset: RawRef,
        length: RawRef,
        buffer: NodeId,
        counted: bool,
    ) -> Result<NodeId, PayloadError> {
        let Node::ArrayBuffer { bytes } = self
            .nodes
            .get(buffer as usize)
            .copied()
            .unwrap_or(Node::Undefined)
        else {
            return Err(PayloadError::Unsupported(
                "a typed array over a revived ArrayBuffer",
            ));
        };
        let offset_arg = self.index_arg(offset)?;
        // `new C(buffer)` when the offset is absent: the length is then ignored.
        let length_arg = if offset_arg == IndexArg::Absent {
            IndexArg::Absent
        } else {
            self.index_arg(length)?
        };
        let (byte_offset, length) =
            check_view(kind, bytes.len, offset_arg, length_arg).map_err(PayloadError::View)?;
        let node = self.push_node(Node::View {
            view: kind,
            buffer,
            byte_offset,
            length,
        });
        self.set_hydrated(index as usize, node, counted);
        Ok(node)
    }
}
