use super::{PLAIN_CONSTANTS as K, PLAIN_HOLE, decode_plain};

const NO: &[&str] = &[];

#[test]
fn tape_of_a_small_payload() {
    let text = r#"[{"a":1,"b":2},[3,-2,-1],"x\u00e9",1.5,["Date","1970-01-01T00:00:00.001Z"],{"a":5,"b":-6},"é😀"]"#;
    let p = decode_plain(text, NO).unwrap();
    assert_eq!(p.count, 7);
    assert_eq!(p.ops, [9, 2, 8, 3, 6, 0, 2, 4, 7, 9, 2, 5, 91, 94]);
    assert_eq!(p.nums, [1.5, 1.0]);
    assert_eq!(p.unescaped, [u16::from(b'x'), 0xE9]);
    assert_eq!(p.fill, [K, 3, 0, 2, K + 1, 0, 2, 3, K + 5, 3, 5, 2]);
    assert_eq!(p.edges, [K + 1, K + 2, K + 3, PLAIN_HOLE, 0, K + 5, 4]);
    // Shape 1 is {a}, shape 2 is {a, b}; keys as UTF-16 ranges of the text.
    assert_eq!(&p.shapes[3..], [0, 3, 4, 1, 9, 10]);
}

#[test]
fn utf16_ranges_follow_non_ascii_text() {
    // "é😀" is 6 bytes, 3 UTF-16 units; the key after it must still be found by its units.
    let text = r#"["é😀",{"ü":0}]"#;
    let p = decode_plain(text, NO).unwrap();
    assert_eq!(&p.ops[..3], [5, 2, 5]);
    let units: Vec<u16> = text.encode_utf16().collect();
    let (a, b) = (p.shapes[4] as usize, p.shapes[5] as usize);
    assert_eq!(String::from_utf16(&units[a..b]).unwrap(), "ü");
}

#[test]
fn gives_up_where_another_rule_applies() {
    for text in [
        "[]",
        "-1",
        "[1,",
        "[1] ",
        "[ 1]",
        r#"[{"__proto__":1},2]"#,
        r#"[{"1":1},2]"#,
        r#"[{"a":1,"a":1},2]"#,
        r#"[{"\u0061":1},2]"#,
        r#"[{"a":1.5},2]"#,
        r#"[{"a":1e0},2]"#,
        r#"[{"a":"1"},2]"#,
        r#"[{"a":-2},2]"#,
        r#"[{"a":-7},2]"#,
        r#"[{"a":01},2]"#,
        r#"[{"a":2}]"#,
        r#"[[-7,3,0,1],"x"]"#,
        r#"[["Set",1],2]"#,
        r#"[["Date","x",1]]"#,
        r#"[["Date","Tue Mar 05 2024"]]"#,
        r#"[[[1]],2]"#,
        r#"["\x"]"#,
        r#"["\u12"]"#,
        "[\"a\u{1}\"]",
        "[01]",
        "[1.]",
        "[1e]",
        "[-]",
        "[tru]",
        "[1]x",
        "[{\"a\u{FFFD}\":1},2]",
    ] {
        assert!(decode_plain(text, NO).is_none(), "{text}");
    }
    // A reviver for Date leaves dates to the general decoder.
    let date = r#"[["Date","1970-01-01T00:00:00.000Z"]]"#;
    assert!(decode_plain(date, NO).is_some());
    assert!(decode_plain(date, &["Date"]).is_none());
}

#[test]
fn numbers_as_json_parse_reads_them() {
    let p = decode_plain("[999999999,1073741824,-0,-5,0.1,1e400,12345678901]", NO).unwrap();
    assert_eq!(&p.ops[..3], [3, 999_999_999, 4]);
    assert_eq!(p.nums[0], 1_073_741_824.0);
    assert!(p.nums[1] == 0.0 && p.nums[1].is_sign_negative());
    assert_eq!(&p.nums[2..], [-5.0, 0.1, f64::INFINITY, 12_345_678_901.0]);
}

#[test]
fn keys_that_are_data_go_to_the_general_decoder() {
    // Objects whose first keys are all different: past 64 children of one shape it gives up.
    let objects = |n: usize| {
        let entries: Vec<String> = (0..n).map(|i| format!(r#"{{"k{i}":0}}"#)).collect();
        format!("[{}]", entries.join(","))
    };
    assert!(decode_plain(&objects(60), NO).is_some());
    assert!(decode_plain(&objects(100), NO).is_none());
    // Alternating shapes find each other again.
    let p = decode_plain(r#"[{"a":0,"b":0},{"b":0,"a":0},{"a":0,"b":0},{"b":0}]"#, NO).unwrap();
    assert_eq!(p.ops, [9, 2, 9, 4, 9, 2, 9, 3]);
}

#[test]
fn the_mutation_sample_is_plain() {
    // core/tests/payload.rs mutates this sample to try the give-up checks.
    let text = r#"[{"a":1,"b":2,"c":3},"x\n",["Date","2024-01-01T00:00:00.000Z"],[5,6,-2,-1],{"a":7,"b":-3,"c":1},1.5e3,true,null]"#;
    assert!(decode_plain(text, NO).is_some());
}
