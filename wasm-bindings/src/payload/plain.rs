//! The plain path of `decodePayload`: core's [`decode_plain`] tape, materialised by
//! `js/payload-plain.mjs` (objects built per shape). Taken for every text core decodes there;
//! the others go through core's general decoder (see `mod.rs`).

use aivg_core::payload::{PlainPayload, decode_plain};
use js_sys::JsString;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/payload-plain.mjs")]
extern "C" {
    /// Builds the JavaScript value from the plain tape.
    #[wasm_bindgen(js_name = materialisePlain, catch)]
    #[allow(clippy::too_many_arguments)]
    fn materialise_plain(
        text: &JsString,
        ops: &[u32],
        nums: &[f64],
        fill: &[u32],
        edges: &[u32],
        shapes: &[u32],
        unescaped: &[u16],
        count: u32,
    ) -> Result<JsValue, JsValue>;
}

/// The value of `input` (the UTF-8 of `text`) through the plain path, or `None` when core does
/// not take it there.
pub(super) fn decode(
    text: &JsString,
    input: &str,
    revivers: &[String],
) -> Option<Result<JsValue, JsValue>> {
    let p: PlainPayload = decode_plain(input, revivers)?;
    Some(materialise_plain(
        text,
        &p.ops,
        &p.nums,
        &p.fill,
        &p.edges,
        &p.shapes,
        &p.unescaped,
        p.count,
    ))
}
