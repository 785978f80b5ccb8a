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
        unescaped: &str,
        utf16: &[u16],
        bytes: &[u8],
        count: u32,
        root: u32,
        revivers: &JsValue,
    ) -> Result<JsValue, JsValue>;
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
    let input = text
        .as_string()
        .ok_or_else(|| bad_argument("text", "expected a string"))?;
    let payload = decoder(&input, &names).map_err(to_js)?;
    let tape = Tape::new(&payload);
    materialise(
        text,
        &tape.ops,
        &tape.nums,
        &tape.fill,
        payload.edges(),
        &tape.spans,
        payload.unescaped(),
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
/// decodePayload('[["Vector",1],[2,3]]', { Vector: ([x, y]) => new Vector(x, y) })
/// ```
#[wasm_bindgen(js_name = decodePayload, unchecked_return_type = "unknown")]
pub fn decode_payload(
    text: &JsString,
    #[wasm_bindgen(unchecked_param_type = "PayloadRevivers")] revivers: Option<JsValue>,
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
    #[wasm_bindgen(unchecked_param_type = "PayloadRevivers")] revivers: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let revivers = revivers.unwrap_or(JsValue::UNDEFINED);
    decode_with(text, &revivers, payload::decode_nuxt)
}
