//! Unescaping and interning on small inputs.
use super::*;

#[test]
fn unescapes_pairs_and_flags_lone_surrogates() {
    let mut s = String::new();
    assert!(unescape_into(r#"a\n\u00e9\ud83d\ude00\"\/"#, &mut s));
    assert_eq!(s, "a\né😀\"/");
    let mut s = String::new();
    assert!(!unescape_into(r"x\ud800y", &mut s));
    let mut w = Vec::new();
    unescape_wide(r"x\ud800y", &mut w);
    assert_eq!(w, vec![0x78, 0xD800, 0x79]);
}

#[test]
fn interns_by_content() {
    let input = r#"["a","\u0061"]"#;
    let mut st = StrStore::default();
    let t1 = Tok {
        start: 2,
        end: 3,
        u16_start: 2,
        u16_end: 3,
        esc: 0,
    };
    let t2 = Tok {
        start: 6,
        end: 12,
        u16_start: 6,
        u16_end: 12,
        esc: 1,
    };
    let lone = [EscTok {
        start: LONE,
        end: LONE,
        u16_start: 0,
        u16_end: 0,
    }];
    let a = st.key_from_token(input, t1, &[]);
    let b = st.key_from_token(input, t2, &lone);
    assert_eq!(a, b);
    assert_eq!(utf16_len("é😀"), 3);
    for i in 0..500 {
        st.intern(input, &format!("k{i}"));
    }
    assert_eq!(st.intern(input, "k7"), st.intern(input, "k7"));
}

#[test]
fn keys_that_may_hide_a_lone_surrogate_keep_their_own_range() {
    // Two keys "a\u{FFFD}": in the caller's UTF-16 text they may be "a\uD800" and "a\uD801".
    let input = "[{\"a\u{FFFD}\":1},{\"a\u{FFFD}\":1},{\"b\":1},{\"b\":1}]";
    let tok = |start: u32, end: u32, u16_start: u32, u16_end: u32| Tok {
        start,
        end,
        u16_start,
        u16_end,
        esc: 0,
    };
    let mut st = StrStore::default();
    // "a\u{FFFD}" is 4 bytes, 2 UTF-16 units.
    let first = st.key_from_token(input, tok(3, 7, 3, 5), &[]);
    let second = st.key_from_token(input, tok(14, 18, 12, 14), &[]);
    assert_ne!(
        first, second,
        "not merged: each keeps its own range of the caller's text"
    );
    let b1 = st.key_from_token(input, tok(25, 26, 21, 22), &[]);
    let b2 = st.key_from_token(input, tok(33, 34, 29, 30), &[]);
    assert_eq!(b1, b2, "other keys are still interned");
}
