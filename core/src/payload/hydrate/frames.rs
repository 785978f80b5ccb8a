//! The explicit stack's frames: what a container or a reviver call still has to visit, and
//! what one step of the walk decides.

use super::*;

/// What resolving a reference gave: a finished node, or a new frame on the stack whose
/// node will be handed to the frame below when it finishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    Done(NodeId),
    Pushed,
}

#[derive(Debug, Clone, Copy)]
pub(super) enum Frame {
    /// A plain array: raw elements `start..start+len`, next is `pos`.
    Dense {
        node: NodeId,
        start: u32,
        len: u32,
        pos: u32,
        base: u32,
    },
    /// `[-7, length, index, value, ...]`.
    Sparse {
        node: NodeId,
        start: u32,
        len: u32,
        pos: u32,
        base: u32,
        length: u32,
    },
    /// A plain object; its entries, in JavaScript key order, are at `order[ob..ob + 2 * count]`.
    Object {
        node: NodeId,
        ob: u32,
        count: u32,
        pos: u32,
        base: u32,
    },
    /// `["null", key, value, ...]`.
    NullProto {
        node: NodeId,
        start: u32,
        len: u32,
        pos: u32,
        base: u32,
    },
    /// `["Set", value, ...]`.
    Set {
        node: NodeId,
        start: u32,
        len: u32,
        pos: u32,
        base: u32,
    },
    /// `["Map", key, value, ...]`.
    Map {
        node: NodeId,
        start: u32,
        len: u32,
        pos: u32,
        base: u32,
    },
    /// `["Object", index]`: resolves `v1` (when not yet `started`), then boxes it.
    Box {
        index: u32,
        v1: RawRef,
        counted: bool,
        started: bool,
    },
    /// `["Uint8Array", buffer, byteOffset, length]`: resolves the buffer `v1`, then checks.
    View {
        index: u32,
        kind: ViewKind,
        v1: RawRef,
        offset: RawRef,
        length: RawRef,
        counted: bool,
        started: bool,
    },
    /// A revived type: resolves its value `v1`, then calls the reviver; `hold` is the index in
    /// devalue's `hydrating` set; `inline` says the value was appended to `values` at `hold`.
    Revive {
        index: u32,
        name: StrId,
        reviver: Reviver,
        v1: RawRef,
        hold: u32,
        counted: bool,
        inline: bool,
        started: bool,
    },
}

/// What advancing a frame did.
pub(super) enum Adv {
    Waiting,
    Finished(NodeId),
}
