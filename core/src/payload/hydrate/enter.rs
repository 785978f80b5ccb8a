//! Entering a value: scanned tokens, strings, and the frame a container or array pushes.

use super::*;

impl<'a, 'r> Engine<'a, 'r> {
    pub(super) fn tok(&self, t: u32) -> Tok {
        self.doc.toks.get(t as usize).copied().unwrap_or(Tok {
            start: 0,
            end: 0,
            u16_start: 0,
            u16_end: 0,
            esc: 0,
        })
    }

    /// The text of a string token (unescaped; None when it holds a lone surrogate).
    pub fn tok_text(&self, t: u32) -> Option<std::borrow::Cow<'a, str>> {
        let tok = self.tok(t);
        if !tok.escaped() {
            let raw = self
                .input
                .get(tok.start as usize..tok.end as usize)
                .unwrap_or("");
            return Some(std::borrow::Cow::Borrowed(raw));
        }
        let e = self
            .doc
            .escs
            .get(tok.esc as usize - 1)
            .filter(|e| e.start != crate::payload::json::LONE)?;
        self.strs
            .unescaped
            .get(e.start as usize..e.end as usize)
            .map(|s| std::borrow::Cow::Owned(s.to_string()))
    }

    pub(super) fn string_node(&mut self, t: u32) -> NodeId {
        let tok = self.tok(t);
        let s = self.strs.add_token(self.input, tok, &self.doc.escs);
        self.push_node(Node::String { str: s })
    }

    /// Creates the value of `values[i]` (devalue's body of `hydrate` after the cache check).
    pub(super) fn enter(&mut self, i: usize, counted: bool) -> Result<Step, PayloadError> {
        let r = self.values.get(i).copied().unwrap_or(UNDEF);
        let node = match self.doc.get(r) {
            RawVal::Undefined => self.konst(Const::Undefined),
            RawVal::Null => self.konst(Const::Null),
            RawVal::Bool(false) => self.konst(Const::False),
            RawVal::Bool(true) => self.konst(Const::True),
            RawVal::Num(x) => self.push_node(Node::Number { value: x }),
            RawVal::Str(t) => self.string_node(t),
            RawVal::Arr { start, len } => return self.enter_array(i, start, len, counted),
            RawVal::Obj { start, len } => {
                let node = self.push_container(Node::Object {
                    entries: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                let ob = self.order.len() as u32;
                self.order_entries(start, len);
                let count = (self.order.len() as u32 - ob) / 2;
                let base = self.scratch.len() as u32;
                self.stack.push(Frame::Object {
                    node,
                    ob,
                    count,
                    pos: 0,
                    base,
                });
                return Ok(Step::Pushed);
            }
        };
        self.set_hydrated(i, node, counted);
        Ok(Step::Done(node))
    }

    pub(super) fn elem(&self, start: u32, len: u32, k: u32) -> RawRef {
        self.doc.elem(start, len, k)
    }

    pub(super) fn enter_array(
        &mut self,
        i: usize,
        start: u32,
        len: u32,
        counted: bool,
    ) -> Result<Step, PayloadError> {
        let first = self.elem(start, len, 0);
        let base = self.scratch.len() as u32;
        let index = i as u32;
        match self.doc.get(first) {
            RawVal::Str(t) => {
                let Some(name) = self.tok_text(t) else {
                    let lossy = String::from_utf16_lossy(&self.wide_tok(t));
                    return Err(PayloadError::UnknownType(lossy));
                };
                if let Some(reviver) = self.revivers.find(&name) {
                    let name_id = self.strs.intern(self.input, &name);
                    return self.revive(index, name_id, reviver, self.elem(start, len, 1), counted);
                }
                self.builtin(index, &name, start, len, counted)
            }
            RawVal::Num(-7.0) => {
                let length = match self.doc.get(self.elem(start, len, 1)) {
                    RawVal::Num(l) if l >= 0.0 && l.fract() == 0.0 && l <= MAX_ARRAY_LEN => {
                        l as u32
                    }
                    _ => return Err(PayloadError::InvalidInput),
                };
                let node = self.push_container(Node::SparseArray {
                    len: length,
                    entries: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                self.stack.push(Frame::Sparse {
                    node,
                    start,
                    len,
                    pos: 2,
                    base,
                    length,
                });
                Ok(Step::Pushed)
            }
            _ => {
                let node = self.push_container(Node::Array {
                    items: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                self.stack.push(Frame::Dense {
                    node,
                    start,
                    len,
                    pos: 0,
                    base,
                });
                Ok(Step::Pushed)
            }
        }
    }

    pub(super) fn foreign_str(&mut self, doc: &RawDoc, text: &str, t: u32, key: bool) -> StrId {
        let tok = doc.toks.get(t as usize).copied();
        let raw = tok
            .and_then(|k| text.get(k.start as usize..k.end as usize))
            .unwrap_or("");
        let escaped = tok.is_some_and(|k| k.escaped());
        self.strs.add_foreign(self.input, raw, escaped, key)
    }

    /// Raw documents other than the payload (Nuxt's EmptyRef text) as plain JSON values.
    pub fn json_to_nodes(&mut self, doc: &RawDoc, text: &str) -> NodeId {
        let mut map: Vec<NodeId> = Vec::with_capacity(doc.raws.len());
        let node_of = |e: &mut Self, map: &[NodeId], r: RawRef| -> NodeId {
            match doc.get(r) {
                RawVal::Num(x) if r >= crate::payload::json::INLINE_INT => {
                    e.push_node(Node::Number { value: x })
                }
                RawVal::Undefined => e.konst(Const::Undefined),
                _ => map.get(r as usize).copied().unwrap_or(NONE),
            }
        };
        for raw in &doc.raws {
            let node = match *raw {
                Raw::Null => self.konst(Const::Null),
                Raw::False => self.konst(Const::False),
                Raw::True => self.konst(Const::True),
                Raw::Num(x) => self.push_node(Node::Number { value: x }),
                Raw::Str(t) => {
                    let s = self.foreign_str(doc, text, t, false);
                    self.push_node(Node::String { str: s })
                }
                Raw::Arr { start, len } => {
                    let from = self.edges.len() as u32;
                    for k in 0..len {
                        let n = node_of(self, &map, doc.elem(start, len, k));
                        self.edges.push(n);
                    }
                    self.push_node(Node::Array {
                        items: Span { start: from, len },
                    })
                }
                Raw::Obj { start, len } => {
                    let from = self.order.len();
                    for k in 0..len {
                        let at = (start as usize) + 2 * (k as usize);
                        let t = doc.edges.get(at).copied().unwrap_or(0);
                        let r = doc.edges.get(at + 1).copied().unwrap_or(UNDEF);
                        let key = self.foreign_str(doc, text, t, true);
                        self.order.push(key);
                        self.order.push(r);
                    }
                    crate::payload::order::normalize_order(self, from);
                    let pairs: Vec<u32> = self.order.drain(from..).collect();
                    let start_e = self.edges.len() as u32;
                    for pair in pairs.chunks_exact(2) {
                        let (key, r) = (
                            pair.first().copied().unwrap_or(0),
                            pair.get(1).copied().unwrap_or(UNDEF),
                        );
                        // destr / Nuxt drop `__proto__` keys instead of failing.
                        if key == self.proto_key {
                            continue;
                        }
                        let n = node_of(self, &map, r);
                        self.edges.push(key);
                        self.edges.push(n);
                    }
                    let len_e = self.edges.len() as u32 - start_e;
                    self.push_node(Node::Object {
                        entries: Span {
                            start: start_e,
                            len: len_e,
                        },
                    })
                }
            };
            map.push(node);
        }
        node_of(self, &map, doc.root)
    }
}
