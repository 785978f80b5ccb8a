//! The payload decoder against the devalue fixtures, plus depth, size and robustness checks.
#![allow(clippy::expect_used)]

use crate::common;

use aivg_core::Coded;
use aivg_core::payload::{Node, Payload, PayloadError, decode, decode_nuxt, decode_plain};
use common::{Outcome, arg, err};
use proptest::prelude::*;
use serde_json::Value;

fn canonical(p: &Payload<'_>) -> Value {
    serde_json::from_str(&p.to_canonical_json()).expect("canonical JSON parses")
}

/// `decodePayload(text, revivers?)` / `decodeNuxtPayload(text, revivers?)`, described canonically.
fn decode_case(func: &str, args: &[Value]) -> Outcome {
    let text: String = arg(args, 0)?;
    let names: Vec<String> = if args.len() > 1 {
        arg(args, 1)?
    } else {
        Vec::new()
    };
    let decoded = if func == "decodeNuxtPayload" {
        decode_nuxt(&text, &names)
    } else {
        decode(&text, &names)
    };
    decoded.map(|p| canonical(&p)).map_err(err)
}

#[test]
fn fixtures() {
    let n = common::run_area("payload", |func, args| match func {
        "decodePayload" | "decodeNuxtPayload" => Some(decode_case(func, args)),
        _ => None,
    });
    assert!(n > 500, "only {n} payload cases");
}

/// The plain path (`decode_plain`) never takes a text the general decoder rejects, and takes
/// most plain fixtures (its values are checked against devalue by the JavaScript tests, which
/// materialise them: wasm-bindings/tests-js/payload-plain.test.mjs).
#[test]
fn plain_path_takes_no_invalid_fixture() {
    let mut taken = 0;
    let n = common::run_area("payload", |func, args| {
        if func != "decodePayload" {
            return Some(decode_case(func, args));
        }
        let text: String = arg(args, 0).ok()?;
        let names: Vec<String> = if args.len() > 1 {
            arg(args, 1).ok()?
        } else {
            Vec::new()
        };
        let plain = decode_plain(&text, &names);
        if decode(&text, &names).is_err() {
            assert!(
                plain.is_none(),
                "the plain path took an invalid text: {text}"
            );
        }
        taken += usize::from(plain.is_some());
        Some(decode_case(func, args))
    });
    assert!(n > 400, "only {n} payload cases");
    assert!(taken > 100, "the plain path took only {taken} fixtures");
}

/// `[[1],[2],...,[n-1],"end"]`: each entry refers to the next.
fn chain(n: usize) -> String {
    let mut s = String::with_capacity(n * 10);
    s.push('[');
    for i in 1..n {
        s.push('[');
        s.push_str(&i.to_string());
        s.push_str("],");
    }
    s.push_str("\"end\"]");
    s
}

#[test]
fn million_deep_reference_chain() {
    let n = 1_000_000;
    let text = chain(n);
    let p = decode(&text, &[] as &[&str]).expect("decodes");
    // Walk the chain down to the string.
    let mut id = p.root();
    let mut depth = 0;
    while let Node::Array { items } = p.node(id) {
        id = p.span(items)[0];
        depth += 1;
    }
    assert_eq!(depth, n - 1);
    assert!(matches!(p.node(id), Node::String { .. }));
    assert_eq!(
        p.text(match p.node(id) {
            Node::String { str } => str,
            _ => unreachable!(),
        }),
        "end"
    );
    // The canonical writer is iterative too.
    let json = p.to_canonical_json();
    assert!(json.len() > n * 10);
}

#[test]
fn million_deep_cycle_through_objects() {
    // Every object refers to the next; the last back to the first.
    let n = 1_000_000;
    let mut s = String::from("[");
    for i in 0..n {
        let next = (i + 1) % n;
        s.push_str(&format!("{{\"n\":{next}}},"));
    }
    s.pop();
    s.push(']');
    let p = decode(&s, &[] as &[&str]).expect("decodes");
    assert_eq!(p.fill_order().len(), n);
}

#[test]
fn million_deep_json_nesting() {
    let n = 1_000_000;
    // devalue: an array element that is itself an array is not an index.
    let text = format!("[{}{}]", "[".repeat(n), "]".repeat(n));
    assert_eq!(
        decode(&text, &[] as &[&str]).unwrap_err(),
        PayloadError::InvalidInput
    );
    // Deep but unreachable nesting is fine (devalue never looks at it).
    let text = format!("[1,{}{}]", "[".repeat(n), "]".repeat(n));
    assert!(
        matches!(decode(&text, &[] as &[&str]).map(|p| p.node(p.root())), Ok(Node::Number { value }) if value == 1.0)
    );
    // Unclosed: an error, not a crash.
    let text = "[".repeat(n);
    assert_eq!(
        decode(&text, &[] as &[&str]).unwrap_err().code(),
        "invalid_json"
    );
    let text = "{\"a\":".repeat(n);
    assert_eq!(
        decode(&text, &[] as &[&str]).unwrap_err().code(),
        "invalid_json"
    );
}

#[test]
fn million_deep_custom_chain() {
    // Custom types wrapping custom types, a million deep, revived by the caller and by Nuxt.
    let n = 1_000_000;
    let mut s = String::from("[");
    for i in 1..n {
        s.push_str(&format!("[\"Ref\",{i}],"));
    }
    s.push_str("\"end\"]");
    let p = decode(&s, &["Ref"]).expect("decodes");
    assert_eq!(p.fill_order().len(), n - 1);
    let p = decode_nuxt(&s, &[] as &[&str]).expect("decodes");
    assert!(matches!(p.node(p.root()), Node::String { .. }));
}

#[test]
fn huge_sparse_array_allocates_nothing_per_slot() {
    let text = "[[-7,4294967295,4294967294,1,0,1],\"x\"]";
    let p = decode(text, &[] as &[&str]).unwrap();
    match p.node(p.root()) {
        Node::SparseArray { len, entries } => {
            assert_eq!(len, 4_294_967_295);
            assert_eq!(p.span(entries).len(), 4);
        }
        other => panic!("{other:?}"),
    }
    assert!(p.edges().len() < 16 && p.nodes().len() < 8);
    let json = p.to_canonical_json();
    assert!(json.len() < 200, "{json}");
    // Many huge sparse arrays in one payload.
    let many = format!("[[{}],[-7,4294967295]]", vec!["1"; 10_000].join(","));
    let p = decode(&many, &[] as &[&str]).unwrap();
    assert!(p.edges().len() <= 10_000);
}

#[test]
fn endless_inline_reviver_stops() {
    for text in [
        r#"[["C",{"a":0}]]"#,
        r#"[["C",[0,0,0]]]"#,
        r#"[["C",["D",{"a":1}]]]"#,
    ] {
        assert_eq!(
            decode(text, &["C", "D"]).unwrap_err(),
            PayloadError::EndlessReference,
            "{text}"
        );
    }
}

#[test]
fn strings_point_into_the_input_or_the_unescaped_buffer() {
    use aivg_core::payload::StrSpan;
    let text = r#"["héllo\n"]"#;
    let p = decode(text, &[] as &[&str]).unwrap();
    let Node::String { str } = p.node(p.root()) else {
        panic!()
    };
    match p.strings()[str as usize] {
        StrSpan::Unescaped {
            u16_start, u16_end, ..
        } => assert_eq!(u16_end - u16_start, 6),
        other => panic!("{other:?}"),
    }
    let text = r#"[{"ключ":1},"😀x"]"#;
    let p = decode(text, &[] as &[&str]).unwrap();
    let Node::Object { entries } = p.node(p.root()) else {
        panic!()
    };
    let key = p.span(entries)[0];
    let units: Vec<u16> = text.encode_utf16().collect();
    match p.strings()[key as usize] {
        StrSpan::Input {
            u16_start, u16_end, ..
        } => {
            assert_eq!(
                String::from_utf16_lossy(&units[u16_start as usize..u16_end as usize]),
                "ключ"
            );
        }
        other => panic!("{other:?}"),
    }
}

const SAMPLES: &[&str] = &[
    r#"[{"a":1,"b":2,"c":[3,4]},"x",["Date","2024-01-01T00:00:00.000Z"],[5,6,-2],["Set",7],["Map",1,2],["BigInt","12"],["RegExp","a","g"],["null","k",1],["Object",1],["URL","https://a.b/"],["URLSearchParams","a=1"],["ArrayBuffer","AQID"],["Uint8Array",12,1,1],[-7,9,1,1],["Custom",1],["Ref",0]]"#,
    r#"[["EmptyRef",1],"false",["NuxtError",3],{"message":1,"statusCode":4},404,["Island",6],{"key":1}]"#,
    r#"[{"self":0,"s":1},"\u00e9\ud83d\ude00"]"#,
    // Plain (the plain path takes it): mutations try its give-up checks.
    r#"[{"a":1,"b":2,"c":3},"x\n",["Date","2024-01-01T00:00:00.000Z"],[5,6,-2,-1],{"a":7,"b":-3,"c":1},1.5e3,true,null]"#,
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn never_panics_on_arbitrary_text(text in ".{0,200}") {
        let _ = decode(&text, &["Custom", "Ref"]).map(|p| p.to_canonical_json());
        let _ = decode_nuxt(&text, &[] as &[&str]).map(|p| p.to_canonical_json());
    }

    #[test]
    fn never_panics_on_json_like_text(text in r#"[\[\]{}",:0-9\-a-zA-Z\\. ]{0,120}"#) {
        let _ = decode(&text, &["Custom"]).map(|p| p.to_canonical_json());
        let _ = decode_nuxt(&text, &["Custom"]).map(|p| p.to_canonical_json());
    }

    #[test]
    fn never_panics_on_mutated_payloads(
        sample in 0..SAMPLES.len(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0u8..3), 1..8),
    ) {
        let mut bytes = SAMPLES[sample].as_bytes().to_vec();
        for (at, byte, op) in edits {
            let at = at % (bytes.len() + 1);
            let b = b"[]{}\",:0123456789-.aeEtrufnlsx\\"[usize::from(byte) % 31];
            match op {
                0 if at < bytes.len() => bytes[at] = b,
                1 => bytes.insert(at, b),
                _ if at < bytes.len() => { bytes.remove(at); }
                _ => {}
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        for nuxt in [false, true] {
            let r = if nuxt { decode_nuxt(&text, &["Custom"]) } else { decode(&text, &["Custom"]) };
            match r {
                Ok(p) => { let _ = p.to_canonical_json(); }
                Err(e) => { prop_assert!(!e.code().is_empty()); }
            }
        }
        // The plain path never takes a text the decoder rejects.
        if decode_plain(&text, &["Custom"]).is_some() {
            prop_assert!(decode(&text, &["Custom"]).is_ok(), "plain path took {}", text);
        }
    }

    #[test]
    fn plain_path_takes_only_valid_json_like_text(text in r#"[\[\]{}",:0-9\-aeDt\\.]{0,80}"#) {
        if decode_plain(&text, &[] as &[&str]).is_some() {
            prop_assert!(decode(&text, &[] as &[&str]).is_ok(), "plain path took {}", text);
        }
    }
}
