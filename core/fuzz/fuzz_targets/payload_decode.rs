//! Fuzz target: arbitrary bytes (as UTF-8, invalid sequences replaced) through the payload
//! decoder, with and without revivers and Nuxt's revivers, and through the canonical writer;
//! and through the plain path, which must never take a text the decoder rejects.
//! Any panic, stack overflow, endless loop or runaway allocation is a finding.
#![no_main]

use aivg_core::payload::{decode, decode_nuxt, decode_plain};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let names = ["Custom", "Ref", "Date"];
    let decoded = [
        decode(&text, &[] as &[&str]),
        decode(&text, &names),
        decode_nuxt(&text, &names[..1]),
    ];
    let plain = decode_plain(&text, &[] as &[&str]).is_some();
    assert!(!plain || decoded[0].is_ok(), "the plain path took a text the decoder rejects");
    for payload in decoded.into_iter().flatten() {
        let _ = payload.to_canonical_json();
    }
});
