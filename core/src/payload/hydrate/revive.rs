//! Revivers: the caller's custom types (devalue checks them before its built-in types).

use super::*;

impl<'a, 'r> Engine<'a, 'r> {
    pub(super) fn wide_tok(&self, t: u32) -> Vec<u16> {
        let tok = self.tok(t);
        let mut w = Vec::new();
        crate::payload::strings::unescape_wide(
            self.input
                .get(tok.start as usize..tok.end as usize)
                .unwrap_or(""),
            &mut w,
        );
        w
    }

    /// The reviver branch of devalue's `hydrate`.
    pub(super) fn revive(
        &mut self,
        index: u32,
        name: StrId,
        reviver: Reviver,
        v1: RawRef,
        counted: bool,
    ) -> Result<Step, PayloadError> {
        let inline = !matches!(self.doc.get(v1), RawVal::Num(_));
        let hold = match self.doc.get(v1) {
            RawVal::Num(x) => {
                let mut hold = NONE;
                if x >= 0.0 && x.fract() == 0.0 && x < self.values.len() as f64 {
                    let xi = x as usize;
                    let cached = self.hydrated.get(xi).copied().unwrap_or(NONE);
                    if cached != NONE {
                        return self
                            .apply(index, name, reviver, cached, counted)
                            .map(Step::Done);
                    }
                    if self.hydrating.get(xi).copied().unwrap_or(false) {
                        return Err(PayloadError::CircularReference);
                    }
                    hold = xi as u32;
                }
                hold
            }
            _ => {
                // Not an index: devalue appends the inline value to `values` and revives that.
                // Entering the same custom index again while a copy is in progress appends a
                // new copy; two copies in a row started without any progress repeat forever
                // (devalue overflows its stack), so stop.
                let state = self.inline.entry(index).or_insert((0, 0, 0));
                if state.0 > 0 {
                    state.2 = if state.1 == self.progress {
                        state.2 + 1
                    } else {
                        0
                    };
                    if state.2 >= 2 {
                        return Err(PayloadError::EndlessReference);
                    }
                } else {
                    state.2 = 0;
                }
                state.0 += 1;
                state.1 = self.progress;
                self.values.push(v1);
                self.hydrated.push(NONE);
                self.hydrating.push(false);
                (self.values.len() - 1) as u32
            }
        };
        if let Some(h) = self.hydrating.get_mut(hold as usize) {
            *h = true;
        }
        self.stack.push(Frame::Revive {
            index,
            name,
            reviver,
            v1,
            hold,
            counted,
            inline,
            started: false,
        });
        Ok(Step::Pushed)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish_revive(
        &mut self,
        index: u32,
        name: StrId,
        reviver: Reviver,
        hold: u32,
        value: NodeId,
        counted: bool,
        inline: bool,
    ) -> Result<NodeId, PayloadError> {
        if let Some(h) = self.hydrating.get_mut(hold as usize) {
            *h = false;
        }
        if inline && let Some(state) = self.inline.get_mut(&index) {
            state.0 = state.0.saturating_sub(1);
        }
        self.apply(index, name, reviver, value, counted)
    }

    /// Calls a reviver and caches its result as devalue does (`hydrated[index] = reviver(v)`).
    pub(super) fn apply(
        &mut self,
        index: u32,
        name: StrId,
        reviver: Reviver,
        value: NodeId,
        counted: bool,
    ) -> Result<NodeId, PayloadError> {
        let node = match reviver {
            Reviver::Js => self.push_node(Node::Custom { name, value }),
            Reviver::Unwrap => value,
            Reviver::EmptyRef => self.nuxt_empty_ref(value),
            Reviver::NuxtError => self.nuxt_error(value),
            Reviver::Island => self.nuxt_island(value)?,
        };
        self.set_hydrated(index as usize, node, counted);
        Ok(node)
    }
}
