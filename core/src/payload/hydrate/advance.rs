//! One step of the walk: the next child of the top frame, and a finished container's node.

use super::*;

impl<'a, 'r> Engine<'a, 'r> {
    /// Advances the frame at `at` (a copy in `f`), delivering the node its last child gave.
    pub(super) fn advance(
        &mut self,
        mut f: Frame,
        at: usize,
        received: Option<NodeId>,
    ) -> Result<Adv, PayloadError> {
        // Frames waiting for one value: start resolving it, or finish with it.
        let single = match &mut f {
            Frame::Box { v1, started, .. } | Frame::View { v1, started, .. } => {
                Some((*v1, None, started))
            }
            Frame::Revive {
                v1,
                hold,
                inline,
                started,
                ..
            } => Some((*v1, inline.then_some(*hold), started)),
            _ => None,
        };
        if let Some((v1, inline_at, started)) = single {
            let value = match received {
                Some(n) => n,
                None if !*started => {
                    *started = true;
                    let step = match inline_at {
                        Some(at_index) => self.enter(at_index as usize, false)?,
                        None => self.resolve(v1)?,
                    };
                    match step {
                        Step::Done(n) => n,
                        Step::Pushed => {
                            if let Some(slot) = self.stack.get_mut(at) {
                                *slot = f;
                            }
                            return Ok(Adv::Waiting);
                        }
                    }
                }
                None => return Err(PayloadError::InvalidInput),
            };
            return match f {
                Frame::Box { index, counted, .. } => {
                    Ok(Adv::Finished(self.finish_box(index, value, counted)))
                }
                Frame::View {
                    index,
                    kind,
                    offset,
                    length,
                    counted,
                    ..
                } => self
                    .finish_view(index, kind, offset, length, value, counted)
                    .map(Adv::Finished),
                Frame::Revive {
                    index,
                    name,
                    reviver,
                    hold,
                    counted,
                    inline,
                    ..
                } => self
                    .finish_revive(index, name, reviver, hold, value, counted, inline)
                    .map(Adv::Finished),
                _ => Err(PayloadError::InvalidInput),
            };
        }
        if let Some(n) = received {
            self.scratch.push(n);
        }
        loop {
            // The next child reference of this frame, or finish.
            let child: RawRef = match &mut f {
                Frame::Dense {
                    node,
                    start,
                    len,
                    pos,
                    base,
                } => {
                    if *pos >= *len {
                        let items = self.take_scratch(*base);
                        return Ok(Adv::Finished(self.finish(*node, Node::Array { items })));
                    }
                    let r = self.doc.elem(*start, *len, *pos);
                    *pos += 1;
                    if matches!(self.doc.get(r), RawVal::Num(x) if x == -2.0) {
                        self.scratch.push(HOLE);
                        continue;
                    }
                    r
                }
                Frame::Set {
                    node,
                    start,
                    len,
                    pos,
                    base,
                } => {
                    if *pos >= *len {
                        let items = self.take_scratch(*base);
                        return Ok(Adv::Finished(self.finish(*node, Node::Set { items })));
                    }
                    *pos += 1;
                    self.doc.elem(*start, *len, *pos - 1)
                }
                Frame::Map {
                    node,
                    start,
                    len,
                    pos,
                    base,
                } => {
                    // Keys sit at odd positions; a key without a value reads `undefined`.
                    if *pos % 2 == 1 && *pos >= *len {
                        let entries = self.take_scratch(*base);
                        return Ok(Adv::Finished(self.finish(*node, Node::Map { entries })));
                    }
                    *pos += 1;
                    self.doc.elem(*start, *len, *pos - 1)
                }
                Frame::NullProto {
                    node,
                    start,
                    len,
                    pos,
                    base,
                } => {
                    if *pos >= *len {
                        let node = *node;
                        let entries = self.take_scratch(*base);
                        let entries = crate::payload::order::normalize_entries(self, entries);
                        return Ok(Adv::Finished(
                            self.finish(node, Node::NullProtoObject { entries }),
                        ));
                    }
                    let k = self.doc.elem(*start, *len, *pos);
                    let Some(tok) = self.doc.tok_of(k) else {
                        return Err(PayloadError::NonStringKey);
                    };
                    let key = self.strs.key_from_token(self.input, tok, &self.doc.escs);
                    if key == self.proto_key {
                        return Err(PayloadError::ProtoKey);
                    }
                    self.scratch.push(key);
                    *pos += 2;
                    self.doc.elem(*start, *len, *pos - 1)
                }
                Frame::Sparse {
                    node,
                    start,
                    len,
                    pos,
                    base,
                    length,
                } => {
                    if *pos >= *len {
                        let node = *node;
                        let length = *length;
                        let entries = self.take_scratch(*base);
                        let entries =
                            crate::payload::order::normalize_sparse(&mut self.edges, entries);
                        return Ok(Adv::Finished(self.finish(
                            node,
                            Node::SparseArray {
                                len: length,
                                entries,
                            },
                        )));
                    }
                    let idx = match self.doc.get(self.doc.elem(*start, *len, *pos)) {
                        RawVal::Num(x) if is_valid_index(x) && x < f64::from(*length) => x as u32,
                        _ => return Err(PayloadError::InvalidInput),
                    };
                    self.scratch.push(idx);
                    *pos += 2;
                    self.doc.elem(*start, *len, *pos - 1)
                }
                Frame::Object {
                    node,
                    ob,
                    count,
                    pos,
                    base,
                } => {
                    if *pos >= *count {
                        let node = *node;
                        let entries = self.take_scratch(*base);
                        self.order.truncate(*ob as usize);
                        return Ok(Adv::Finished(self.finish(node, Node::Object { entries })));
                    }
                    let at_entry = (*ob + 2 * *pos) as usize;
                    let key = self.order.get(at_entry).copied().unwrap_or(NONE);
                    let r = self.order.get(at_entry + 1).copied().unwrap_or(UNDEF);
                    if key == self.proto_key {
                        return Err(PayloadError::ProtoKey);
                    }
                    self.scratch.push(key);
                    *pos += 1;
                    r
                }
                Frame::Box { .. } | Frame::View { .. } | Frame::Revive { .. } => {
                    return Err(PayloadError::InvalidInput);
                }
            };
            match self.resolve(child)? {
                Step::Done(n) => self.scratch.push(n),
                Step::Pushed => {
                    if let Some(slot) = self.stack.get_mut(at) {
                        *slot = f;
                    }
                    return Ok(Adv::Waiting);
                }
            }
        }
    }

    /// Moves the children collected since `base` to the edge array.
    pub(super) fn take_scratch(&mut self, base: u32) -> Span {
        let start = self.edges.len() as u32;
        let items = self.scratch.get(base as usize..).unwrap_or(&[]);
        self.edges.extend_from_slice(items);
        let len = self.edges.len() as u32 - start;
        self.scratch.truncate(base as usize);
        Span { start, len }
    }

    /// Completes a container created earlier.
    pub(super) fn finish(&mut self, id: NodeId, node: Node) -> NodeId {
        if let Some(slot) = self.nodes.get_mut(id as usize) {
            *slot = node;
        }
        self.fill_order.push(id);
        id
    }

    /// Pushes a raw object's entries to `order` in JavaScript key order (array-index keys
    /// ascending, then the rest in first-appearance order; a repeated key keeps its first place
    /// and its last value, as `JSON.parse` leaves it).
    pub(super) fn order_entries(&mut self, start: u32, len: u32) {
        let from = self.order.len();
        for k in 0..len {
            let at = (start as usize) + 2 * (k as usize);
            let t = self.doc.edges.get(at).copied().unwrap_or(0);
            let r = self.doc.edges.get(at + 1).copied().unwrap_or(UNDEF);
            let key = self
                .strs
                .key_from_token(self.input, self.tok(t), &self.doc.escs);
            self.order.push(key);
            self.order.push(r);
        }
        crate::payload::order::normalize_order(self, from);
    }

    pub fn order_len(&self) -> usize {
        self.order.len()
    }

    /// Whether the (key, value) pairs at `start..end` of `order` (or of `edges`) need
    /// reordering: a repeated key or an array-index key. Repeats are found with one stamp per
    /// key id, so the check is linear and allocates nothing once warm.
    pub fn needs_reorder(&mut self, in_order: bool, start: usize, end: usize) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.key_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let list: &Vec<u32> = if in_order { &self.order } else { &self.edges };
        let mut i = start;
        while i < end {
            let k = list.get(i).copied().unwrap_or(0);
            i += 2;
            if self.strs.index_of_key(k).is_some() {
                return true;
            }
            let slot = k as usize;
            if slot >= self.key_stamp.len() {
                let want = (slot + 1).max(self.strs.spans.len());
                self.key_stamp.resize(want, 0);
            }
            match self.key_stamp.get_mut(slot) {
                Some(seen) if *seen == self.stamp => return true,
                Some(seen) => *seen = self.stamp,
                None => return true,
            }
        }
        false
    }

    pub fn order_split_off(&mut self, from: usize) -> Vec<u32> {
        self.order.split_off(from.min(self.order.len()))
    }

    pub fn order_extend(&mut self, pairs: &[u32]) {
        self.order.extend_from_slice(pairs);
    }
}
