//! Shared fixture harness: reads `fixtures/<area>/*.json` and checks every case.
//!
//! A fixture file is `{ "source": "...", "cases": [ case, ... ] }` where a case is
//! `{ "name", "fn", "args": [...], "expect": value }` or `{ "name", "fn", "args", "error": { "code", "message"? } }`.
//! `fn` is the camelCase name the JavaScript package exports for the rule, so the same
//! vectors drive `cargo test` here and vitest through `@aivg/core`. `message`, when
//! present, must be contained in the error's message.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};

#[derive(Debug, Deserialize)]
pub struct FixtureFile {
    pub source: String,
    pub cases: Vec<Case>,
}

#[derive(Debug, Deserialize, Clone)]
pub struct Case {
    pub name: String,
    #[serde(rename = "fn")]
    pub func: String,
    #[serde(default)]
    pub args: Vec<Value>,
    /// `Some(Value::Null)` when the file says `"expect": null` (a function answering nothing),
    /// `None` when the key is absent.
    #[serde(default, deserialize_with = "present")]
    pub expect: Option<Value>,
    #[serde(default)]
    pub error: Option<ExpectedError>,
}

#[derive(Debug, Deserialize, Clone)]
pub struct ExpectedError {
    pub code: String,
    #[serde(default)]
    pub message: Option<String>,
}

fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// What a dispatcher returns for one case: the result as JSON, or (code, message).
pub type Outcome = Result<Value, (String, String)>;

pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// Every fixture file of an area, sorted by name.
pub fn load_area(area: &str) -> Vec<(String, FixtureFile)> {
    let dir = fixtures_dir().join(area);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let parsed: FixtureFile = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{} is not a fixture file: {e}", p.display()));
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                parsed,
            )
        })
        .collect()
}

/// Numbers compare by value (1 == 1.0); everything else structurally.
pub fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => x == y || (x - y).abs() <= 1e-9 * x.abs().max(y.abs()),
            _ => x == y,
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

/// Runs every case of an area through `dispatch` and fails listing every mismatch.
/// Returns the number of cases run (asserted to be non-zero).
pub fn run_area(area: &str, mut dispatch: impl FnMut(&str, &[Value]) -> Option<Outcome>) -> usize {
    let mut failures = Vec::new();
    let mut count = 0;
    for (file, fixture) in load_area(area) {
        assert!(
            !fixture.source.is_empty(),
            "{file}: source must say how it was produced"
        );
        for case in fixture.cases {
            count += 1;
            let label = format!("{area}/{file} :: {} ({})", case.name, case.func);
            let Some(outcome) = dispatch(&case.func, &case.args) else {
                failures.push(format!("{label}: no dispatcher for fn {}", case.func));
                continue;
            };
            match (&case.expect, &case.error, outcome) {
                (Some(want), None, Ok(got)) => {
                    if !json_eq(want, &got) {
                        failures.push(format!("{label}: expected {want}, got {got}"));
                    }
                }
                (None, Some(want), Err((code, message))) => {
                    if want.code != code {
                        failures.push(format!(
                            "{label}: expected error code {}, got {code} ({message})",
                            want.code
                        ));
                    } else if let Some(m) = want
                        .message
                        .as_ref()
                        .filter(|m| !message.contains(m.as_str()))
                    {
                        failures.push(format!(
                            "{label}: expected message containing {m:?}, got {message:?}"
                        ));
                    }
                }
                (Some(want), None, Err((code, message))) => {
                    failures.push(format!(
                        "{label}: expected {want}, got error {code}: {message}"
                    ));
                }
                (None, Some(want), Ok(got)) => {
                    failures.push(format!("{label}: expected error {}, got {got}", want.code));
                }
                _ => failures.push(format!(
                    "{label}: a case needs exactly one of expect / error"
                )),
            }
        }
    }
    assert!(count > 0, "no fixture cases found for area {area}");
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    count
}

/// Helper for dispatchers: deserialize argument `i`, mapping failure to a harness error.
pub fn arg<T: serde::de::DeserializeOwned>(
    args: &[Value],
    i: usize,
) -> Result<T, (String, String)> {
    let v = args.get(i).cloned().unwrap_or(Value::Null);
    serde_json::from_value(v)
        .map_err(|e| ("bad_fixture_arg".to_string(), format!("argument {i}: {e}")))
}

/// Helper for dispatchers: serialize a result.
pub fn ok<T: serde::Serialize>(v: T) -> Outcome {
    Ok(serde_json::to_value(v).expect("result serializes"))
}

/// Helper for dispatchers: map a core error to (code, message).
pub fn err<E: aivg_core::Coded>(e: E) -> (String, String) {
    (e.code().to_string(), e.to_string())
}

/// A JavaScript number argument: a JSON number, or "NaN" / "Infinity" / "-Infinity".
pub fn num(args: &[Value], i: usize) -> Result<f64, (String, String)> {
    match args.get(i) {
        Some(Value::String(s)) if s == "NaN" => Ok(f64::NAN),
        Some(Value::String(s)) if s == "Infinity" => Ok(f64::INFINITY),
        Some(Value::String(s)) if s == "-Infinity" => Ok(f64::NEG_INFINITY),
        _ => arg(args, i),
    }
}

/// An optional JavaScript number (`null` is `None`).
pub fn opt_num(args: &[Value], i: usize) -> Result<Option<f64>, (String, String)> {
    match args.get(i) {
        None | Some(Value::Null) => Ok(None),
        _ => num(args, i).map(Some),
    }
}

/// Any `f64` a JavaScript caller could pass, the awkward ones often.
pub fn any_f64() -> impl proptest::strategy::Strategy<Value = f64> {
    use proptest::prelude::*;
    prop_oneof![
        any::<f64>(),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        -200.0..200.0f64,
        -1.0e7..3.0e6f64,
    ]
}
