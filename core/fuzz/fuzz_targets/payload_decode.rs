//! Fuzz target: arbitrary bytes (as UTF-8, invalid sequences replaced) through the payload
//! decoder, with and without revivers and Nuxt's revivers, and through the canonical writer.
//! Any panic, stack overflow, endless loop or runaway allocation is a finding.
#![no_main]

use aivg_core::payload::{decode, decode_nuxt};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let names = ["Custom", "Ref", "Date"];
    let decoded = [
        decode(&text, &[] as &[&str]),
        decode(&text, &names),
        decode_nuxt(&text, &names[..1]),
    ];
    for payload in decoded.into_iter().flatten() {
        let _ = payload.to_canonical_json();
    }
});
