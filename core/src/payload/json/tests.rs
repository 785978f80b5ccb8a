//! The scanner on small inputs (the fixtures cover the rest).

use super::*;

#[test]
fn scans_nested_values() {
    let d = scan(r#"[{"a":1,"b":[true,null]},-1,"x\n",1.5,-0]"#).unwrap();
    let RawVal::Arr { start, len } = d.get(d.root) else {
        panic!()
    };
    assert_eq!(len, 5);
    assert_eq!(d.get(d.elem(start, len, 1)), RawVal::Num(-1.0));
    assert!(matches!(d.get(d.elem(start, len, 3)), RawVal::Num(x) if x == 1.5));
    let RawVal::Num(z) = d.get(d.elem(start, len, 4)) else {
        panic!()
    };
    assert!(z == 0.0 && z.is_sign_negative());
    assert_eq!(d.elem(start, len, 9), UNDEF);
}

#[test]
fn messages_match_v8() {
    let m = |t: &str| scan(t).unwrap_err();
    assert_eq!(m(""), "Unexpected end of JSON input");
    assert_eq!(
        m("[1,]"),
        "Unexpected token ']', \"[1,]\" is not valid JSON"
    );
    assert_eq!(m("[01]"), "Unexpected number in JSON at position 2");
    assert_eq!(
        m("{\"a\" 1}"),
        "Expected ':' after property name in JSON at position 5"
    );
    assert_eq!(m("NaN"), "\"NaN\" is not valid JSON");
    assert_eq!(
        m("[1,2,3,4,5,6,7,8,9,10,11,x]"),
        "Unexpected token 'x', ...\"8,9,10,11,x]\" is not valid JSON"
    );
}
