//! JavaScript exports of aivg_core::payload: `decodePayload` / `decodeNuxtPayload`, devalue's
//! `parse` (spec 01 §5, §7) decoded and validated in Rust, materialised in JavaScript.
//!
//! Core decodes the text into a flat [`Payload`] (nodes, one edge array, string spans). Building
//! the JavaScript value one property at a time through wasm-bindgen calls would cost a boundary
//! crossing per property, so the hand-over is a compact "tape" ([`tape`]): a few typed arrays,
//! passed as views of WebAssembly memory (no copy), plus the buffer of unescaped strings as one
//! JavaScript string. `js/payload.mjs` materialises the value from them in two loops, cutting
//! most strings straight out of the caller's own `text` by their UTF-16 ranges. Measured
//! alternatives and figures are in `benches/node/compare.mjs`' header.

mod tape;

use aivg_core::payload::{self, Payload, PayloadError};
use js_sys::{JsString, Object};
use wasm_bindgen::prelude::*;

use crate::error::{bad_argument, to_js};
use tape::Tape;

#[wasm_bindgen(typescript_custom_section)]
const TS_PAYLOAD: &str = r#"
/**
 * Functions reviving custom types, by the type name `devalue.stringify` was given a reducer for
 * (as for `devalue.parse`). Each receives the revived value of its payload.
 */
export type PayloadRevivers = Record<string, (value: unknown) => unknown>;
"#;

#[wasm_bindgen(module = "/js/payload.mjs")]
extern "C" {
    /// Builds the JavaScript value from the tape (see `tape.rs` for the layout).
    #[wasm_bindgen(catch)]
    #[allow(clippy::too_many_arguments)]
    fn materialise(
        text: &JsString,
        ops: &[u32],
        nums: &[f64],
        fill: &[u32],
        edges: &[u32],
        spans: &[u32],
        unescaped: &[u16],
        utf16: &[u16],
        bytes: &[u8],
        count: u32,
        root: u32,
        revivers: &JsValue,
    ) -> Result<JsValue, JsValue>;

    /// `TextEncoder#encodeInto(text, buf)`; writes `[read, written]` into `out`.
    #[wasm_bindgen(js_name = encodeText)]
    fn encode_text(text: &JsString, buf: &mut [u8], out: &mut [u32]);
}

/// The caller's text as UTF-8 in WebAssembly memory.
///
/// wasm-bindgen's own string passing copies the ASCII prefix one character at a time in
/// JavaScript (2.3 ms for a 1 MB ASCII payload, the largest single cost there), then
/// `encodeInto` for the rest, and skips UTF-8 validation. So: when the first 4 KiB are ASCII,
/// try `encodeInto` for the whole text into a buffer of its length, which only fits if it is
/// all ASCII (0.1 ms, and validating ASCII is as cheap); otherwise, or if it did not fit, use
/// wasm-bindgen's conversion (validating non-ASCII UTF-8 in WebAssembly would cost more than
/// the copy). Lone surrogates become U+FFFD either way: one UTF-16 unit for one, so UTF-16
/// offsets into `text` stay exact.
fn utf8_of(text: &JsString) -> Result<String, JsValue> {
    if !text.is_string() {
        return Err(bad_argument("text", "expected a string"));
    }
    let n = text.length() as usize;
    let probe = n.min(4096);
    let mut buf = vec![0u8; probe];
    let mut rw = [0u32; 2];
    encode_text(text, &mut buf, &mut rw);
    if rw[0] as usize == probe {
        buf.resize(n, 0);
        encode_text(text, &mut buf, &mut rw);
        if rw[0] as usize == n
            && let Ok(s) = String::from_utf8(buf)
        {
            return Ok(s);
        }
    }
    text.as_string()
        .ok_or_else(|| bad_argument("text", "expected a string"))
}

/// The names of `revivers` devalue would use: own string keys with a truthy value
/// (`Object.hasOwn(revivers, type) ? revivers[type] : undefined`, then `if (reviver)`).
fn reviver_names(revivers: &JsValue) -> Result<Vec<String>, JsValue> {
    if !(revivers.is_object() || revivers.is_function()) {
        return Ok(Vec::new());
    }
    let object = revivers.unchecked_ref::<Object>();
    let mut names = Vec::new();
    for key in Object::get_own_property_names(object).iter() {
        if let Some(name) = key.as_string()
            && js_sys::Reflect::get(object, &key)?.is_truthy()
        {
            names.push(name);
        }
    }
    Ok(names)
}

type Decoder = for<'a> fn(&'a str, &[String]) -> Result<Payload<'a>, PayloadError>;

fn decode_with(text: &JsString, revivers: &JsValue, decoder: Decoder) -> Result<JsValue, JsValue> {
    let names = reviver_names(revivers)?;
    let input = utf8_of(text)?;
    let payload = decoder(&input, &names).map_err(to_js)?;
    let tape = Tape::new(&payload);
    materialise(
        text,
        &tape.ops,
        &tape.nums,
        &tape.fill,
        payload.edges(),
        &tape.spans,
        &tape::utf16_of(payload.unescaped()),
        payload.utf16(),
        payload.bytes(),
        tape.count,
        payload.root(),
        revivers,
    )
}

/// Decodes devalue `stringify` output exactly as `devalue.parse(text, revivers)` (5.9 / 6.0) does,
/// 1.5–3× faster; invalid input throws an Error with devalue's message and a `code`.
/// ```js
/// decodePayload('[{"at":1},["Date","2024-05-01T00:00:00.000Z"]]').at.getTime() // 1714521600000
/// decodePayload('[["Vector",1],[2,3],1.5,2]', { Vector: ([x, y]) => new Vector(x, y) }) // Vector { x: 1.5, y: 2 }
/// ```
#[wasm_bindgen(js_name = decodePayload, unchecked_return_type = "unknown")]
pub fn decode_payload(
    text: &JsString,
    #[wasm_bindgen(unchecked_optional_param_type = "PayloadRevivers")] revivers: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let revivers = revivers.unwrap_or(JsValue::UNDEFINED);
    decode_with(text, &revivers, payload::decode)
}

/// Decodes a Nuxt page payload (`{page}/_payload.json`): `decodePayload` plus this app's versions of
/// Nuxt's revivers (Ref, Reactive, EmptyRef, NuxtError, Island, …) for the names `revivers` lacks.
/// ```js
/// decodeNuxtPayload('[{"data":1},["ShallowReactive",2],{"x":3},7]').data.x // 7
/// ```
#[wasm_bindgen(js_name = decodeNuxtPayload, unchecked_return_type = "unknown")]
pub fn decode_nuxt_payload(
    text: &JsString,
    #[wasm_bindgen(unchecked_optional_param_type = "PayloadRevivers")] revivers: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let revivers = revivers.unwrap_or(JsValue::UNDEFINED);
    decode_with(text, &revivers, payload::decode_nuxt)
}
