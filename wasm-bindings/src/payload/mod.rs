//! JavaScript exports of aivg_core::payload: `decodePayload` / `decodeNuxtPayload`, devalue's
//! `parse` (docs/behaviour/calls-and-errors.md#payload-decoding) decoded and validated in Rust,
//! materialised in JavaScript.
//!
//! Core decodes the text into a flat [`Payload`] (nodes, one edge array, string spans). Building
//! the JavaScript value one property at a time through wasm-bindgen calls would cost a boundary
//! crossing per property, so the hand-over is a compact "tape" ([`tape`]): a few typed arrays,
//! passed as views of WebAssembly memory (no copy), plus the buffer of unescaped strings as one
//! JavaScript string. `js/payload.mjs` materialises the value from them in two loops, cutting
//! most strings straight out of the caller's own `text` by their UTF-16 ranges. Measured
//! alternatives and figures are in `benches/node/compare.mjs`' header.
//!
//! Plain payloads (objects, arrays, primitives, ISO dates: what pages send) take a shorter way
//! ([`plain`]): core's `decode_plain` scans the text once into a tape indexed by devalue's own
//! indices and `js/payload-plain.mjs` builds objects per shape; core gives up on anything else,
//! which then takes the way above.
//!
//! Payloads of few, long strings go another way first: `js/payload-json.mjs` runs `JSON.parse`
//! and resolves the references in place (there, handing the text to WebAssembly alone would cost
//! more than devalue's whole decode). It covers only plain shapes and gives up on anything else,
//! which then takes the path above, so every rule and error message stays core's.

mod plain;
mod tape;

use aivg_core::payload::{self, Payload, PayloadError};
use js_sys::{JsString, Object};
use wasm_bindgen::prelude::*;

use crate::error::{bad_argument, to_js};
use tape::Tape;

// Hand-written: a record of JS callbacks, which no serde type can hold.
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

    /// `TextEncoder#encodeInto(text.slice(from), buf)`; writes `[read, written]` into `out`.
    #[wasm_bindgen(js_name = encodeText)]
    fn encode_text(text: &JsString, from: u32, buf: &mut [u8], out: &mut [u32]);
}

/// The caller's text as UTF-8 in WebAssembly memory.
///
/// wasm-bindgen's own string passing copies the ASCII prefix one character at a time in
/// JavaScript (2.3 ms for a 1 MB ASCII payload), then `encodeInto` for the rest. Here
/// `encodeInto` runs once over the whole text into a buffer of its length (enough when it is
/// ASCII); when it stops early at non-ASCII text, the rest is encoded after what was written, in
/// a buffer grown to three bytes per remaining unit, so no part of the text is encoded twice.
/// `encodeInto` never splits a character, so the pieces join into valid UTF-8; it is validated
/// with SIMD (simdutf8) since this crate has no `unsafe`. Lone surrogates become U+FFFD: one
/// UTF-16 unit for one, so UTF-16 offsets into `text` stay exact.
fn utf8_of(text: &JsString, buf: &mut Vec<u8>) -> Result<(), JsValue> {
    if !text.is_string() {
        return Err(bad_argument("text", "expected a string"));
    }
    let n = text.length() as usize;
    buf.clear();
    buf.resize(n, 0);
    let mut rw = [0u32; 2];
    encode_text(text, 0, buf, &mut rw);
    let (mut read, mut written) = (rw[0] as usize, rw[1] as usize);
    while read < n {
        buf.resize(written + (n - read) * 3, 0);
        let rest = buf.get_mut(written..).unwrap_or_default();
        encode_text(text, read as u32, rest, &mut rw);
        if rw[0] == 0 {
            return Err(bad_argument("text", "could not be encoded as UTF-8"));
        }
        read += rw[0] as usize;
        written += rw[1] as usize;
    }
    buf.truncate(written);
    Ok(())
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

#[wasm_bindgen(module = "/js/payload-json.mjs")]
extern "C" {
    /// The value through `JSON.parse` when the text suits that path and it covers the text, else
    /// `undefined` (never a decoded value: the root of a parsed payload is never `undefined`).
    #[wasm_bindgen(js_name = decodeJsonIfSuited)]
    fn decode_json_if_suited(text: &JsString, revivers: &JsValue) -> JsValue;
}

type Decoder = for<'a> fn(&'a str, &[String]) -> Result<Payload<'a>, PayloadError>;

/// Which of core's decoders to try on the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paths {
    /// The plain path first (core's `decode_plain`), then the decoder.
    PlainFirst,
    /// The decoder alone.
    DecoderOnly,
    /// The plain path alone: `undefined` when it does not take the text (for the tests).
    PlainOnly,
}

fn decode_with(
    text: &JsString,
    revivers: &JsValue,
    decoder: Decoder,
    paths: Paths,
) -> Result<JsValue, JsValue> {
    let names = reviver_names(revivers)?;
    let mut bytes = Vec::new();
    utf8_of(text, &mut bytes)?;
    let input = simdutf8::basic::from_utf8(&bytes)
        .map_err(|_| bad_argument("text", "is not valid UTF-8 after encoding"))?;
    if paths != Paths::DecoderOnly
        && let Some(value) = plain::decode(text, input, &names)
    {
        return value;
    }
    if paths == Paths::PlainOnly {
        return Ok(JsValue::UNDEFINED);
    }
    let payload = decoder(input, &names).map_err(to_js)?;
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
/// at least as fast (see docs/performance.md, "The payload decoder"); invalid input throws an
/// Error with devalue's message and a `code`.
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
    let fast = decode_json_if_suited(text, &revivers);
    if !fast.is_undefined() {
        return Ok(fast);
    }
    decode_with(text, &revivers, payload::decode, Paths::PlainFirst)
}

/// Decodes a Nuxt page payload (`{page}/_payload.json`): `decodePayload` plus this app's versions of
/// Nuxt's revivers (Ref, Reactive, EmptyRef, NuxtError, Island, …) for the names `revivers` lacks.
/// ```js
/// decodeNuxtPayload('[{"data":1},["ShallowReactive",2],{"x":3},7]').data.x // 7
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = decodeNuxtPayload, unchecked_return_type = "unknown")]
pub fn decode_nuxt_payload(
    text: &JsString,
    #[wasm_bindgen(unchecked_optional_param_type = "PayloadRevivers")] revivers: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let revivers = revivers.unwrap_or(JsValue::UNDEFINED);
    decode_with(text, &revivers, payload::decode_nuxt, Paths::DecoderOnly)
}

/// `decodePayload` through core's plain path alone (no `JSON.parse` path, no general decoder):
/// the value when that path takes the text, else `undefined`. For tests that check the path
/// against devalue; applications call `decodePayload`.
/// ```js
/// decodePlainPayload('[{"a":1},2]') // { a: 2 }
/// decodePlainPayload('[["Set",1],2]') // undefined
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = decodePlainPayload, unchecked_return_type = "unknown")]
pub fn decode_plain_payload(
    text: &JsString,
    #[wasm_bindgen(unchecked_optional_param_type = "PayloadRevivers")] revivers: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let revivers = revivers.unwrap_or(JsValue::UNDEFINED);
    decode_with(text, &revivers, payload::decode, Paths::PlainOnly)
}
