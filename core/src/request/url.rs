//! GET URLs and POST bodies of the request helper
//! (docs/behaviour/calls-and-errors.md#request-rules).
//!
//! Decisions where the spec is silent:
//! - Query parameters are written in ascending byte order of their names, so the same
//!   parameters always give the same URL (whatever order a caller built them in), and the
//!   `_t` cache-buster always comes last.
//! - Values are encoded like JavaScript's `encodeURIComponent` (space is `%20`); `null`
//!   values are left out; `true`/`false` are written as words; numbers as JavaScript's
//!   `String(n)` writes them; an array repeats its name once per element; an object (or an
//!   array inside an array) is sent as its compact JSON text.
//! - With the cache-buster on, a caller's own `_t` parameter is replaced by the timestamp.
//! - A path that is already an absolute `http(s)://` or protocol-relative `//` URL is used
//!   as is (the base URL is not prefixed); a path that already has a query gets `&...`.

use super::error::RequestError;
use serde_json::{Map, Number, Value};

/// The cache-busting query parameter added to GET requests
/// (docs/behaviour/calls-and-errors.md#request-rules).
pub const CACHE_BUST_PARAM: &str = "_t";

/// The placeholder replaced by the id in a path (docs/behaviour/calls-and-errors.md#request-rules).
pub const ID_PLACEHOLDER: &str = ":id";

/// Percent-encodes like JavaScript's `encodeURIComponent`: everything but
/// `A-Z a-z 0-9 - _ . ! ~ * ' ( )` is written as UTF-8 `%XX` bytes.
pub fn encode_uri_component(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(
                HEX.get(usize::from(byte >> 4)).copied().unwrap_or(b'0'),
            ));
            out.push(char::from(
                HEX.get(usize::from(byte & 0x0f)).copied().unwrap_or(b'0'),
            ));
        }
    }
    out
}

/// Writes a JSON number as JavaScript's `String(n)` would (`1.0` -> `"1"`, `1e21` -> `"1e+21"`),
/// so a URL built here matches one built in the browser.
pub fn js_number_string(number: &Number) -> String {
    if number.is_i64() || number.is_u64() {
        return number.to_string();
    }
    let value = number.as_f64().unwrap_or(0.0);
    js_f64_string(value)
}

fn js_f64_string(value: f64) -> String {
    if !value.is_finite() {
        return if value.is_nan() {
            "NaN".to_string()
        } else if value > 0.0 {
            "Infinity".to_string()
        } else {
            "-Infinity".to_string()
        };
    }
    if value == 0.0 {
        return "0".to_string();
    }
    let magnitude = value.abs();
    if (1e-6..1e21).contains(&magnitude) {
        if value.fract() == 0.0 {
            format!("{value:.0}")
        } else {
            format!("{value}")
        }
    } else {
        let text = format!("{value:e}");
        match text.split_once('e') {
            Some((mantissa, exp)) if !exp.starts_with('-') => format!("{mantissa}e+{exp}"),
            _ => text,
        }
    }
}

/// Replaces every `:id` placeholder of `path` by the percent-encoded `id`
/// (docs/behaviour/calls-and-errors.md#request-rules).
///
/// A placeholder is `:id` not followed by a letter, digit or `_` (so `:identifier` is left
/// alone). A path with a placeholder and no id (missing, empty or only spaces) is an error
/// rather than a request to a wrong URL; an id given for a path without a placeholder is ignored.
pub fn resolve_path(path: &str, id: Option<&str>) -> Result<String, RequestError> {
    let mut out = String::with_capacity(path.len());
    let mut rest = path;
    let id = id.map(str::trim).filter(|id| !id.is_empty());
    while let Some(pos) = rest.find(ID_PLACEHOLDER) {
        let (before, from) = rest.split_at(pos);
        let after = from.get(ID_PLACEHOLDER.len()..).unwrap_or("");
        out.push_str(before);
        let continues = after
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if continues {
            out.push_str(ID_PLACEHOLDER);
        } else {
            let id = id.ok_or_else(|| RequestError::MissingId {
                path: path.to_string(),
            })?;
            out.push_str(&encode_uri_component(id));
        }
        rest = after;
    }
    out.push_str(rest);
    Ok(out)
}

fn is_absolute_url(path: &str) -> bool {
    let lower = path.get(..8).unwrap_or(path).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://") || path.starts_with("//")
}

/// Joins a base URL and a path with exactly one `/` between them.
///
/// An absolute (`http(s)://`) or protocol-relative (`//`) path is returned as is, and an
/// empty base leaves the path untouched (a same-origin relative request).
pub fn join_url(base_url: &str, path: &str) -> String {
    if is_absolute_url(path) || base_url.is_empty() {
        return path.to_string();
    }
    let base = base_url.trim_end_matches('/');
    let tail = path.trim_start_matches('/');
    if tail.is_empty() {
        format!("{base}/")
    } else {
        format!("{base}/{tail}")
    }
}

fn push_pair(pairs: &mut Vec<String>, key: &str, value: &Value, nested: bool) {
    let text = match value {
        Value::Null => return,
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => js_number_string(n),
        Value::String(s) => s.clone(),
        Value::Array(items) if !nested => {
            for item in items {
                push_pair(pairs, key, item, true);
            }
            return;
        }
        Value::Array(_) | Value::Object(_) => serde_json::to_string(value).unwrap_or_default(),
    };
    pairs.push(format!(
        "{}={}",
        encode_uri_component(key),
        encode_uri_component(&text)
    ));
}

/// Builds the query string (without `?`) from parameters, in ascending name order, with the
/// cache-buster last when `cache_bust_ms` is given. See the module doc for value encoding.
pub fn build_query(params: &Value, cache_bust_ms: Option<i64>) -> Result<String, RequestError> {
    let empty = Map::new();
    let map = match params {
        Value::Null => &empty,
        Value::Object(map) => map,
        _ => return Err(RequestError::InvalidParams),
    };
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort();
    let mut pairs = Vec::with_capacity(keys.len() + 1);
    for key in keys {
        if cache_bust_ms.is_some() && key == CACHE_BUST_PARAM {
            continue;
        }
        if let Some(value) = map.get(key) {
            push_pair(&mut pairs, key, value, false);
        }
    }
    if let Some(stamp) = cache_bust_ms {
        pairs.push(format!("{CACHE_BUST_PARAM}={stamp}"));
    }
    Ok(pairs.join("&"))
}

fn append_query(url: &str, query: &str) -> String {
    if query.is_empty() {
        return url.to_string();
    }
    let (head, fragment) = match url.find('#') {
        Some(pos) => url.split_at(pos),
        None => (url, ""),
    };
    let joiner = if !head.contains('?') {
        "?"
    } else if head.ends_with('?') || head.ends_with('&') {
        ""
    } else {
        "&"
    };
    format!("{head}{joiner}{query}{fragment}")
}

/// The full URL of a GET call (docs/behaviour/calls-and-errors.md#request-rules): base URL + path
/// (with `:id` replaced by `id`), then `params` as a query string, then `_t=<cache_bust_ms>` unless
/// `cache_bust_ms` is `None` (the caller passes the current time in ms, or `None` to turn
/// cache-busting off).
///
/// `params` is a JSON object of name/value pairs, or `null` for none.
pub fn build_get_url(
    base_url: &str,
    path: &str,
    params: &Value,
    id: Option<&str>,
    cache_bust_ms: Option<i64>,
) -> Result<String, RequestError> {
    let path = resolve_path(path, id)?;
    let query = build_query(params, cache_bust_ms)?;
    Ok(append_query(&join_url(base_url, &path), &query))
}

/// The URL of a POST call: base URL + path with `:id` replaced
/// (docs/behaviour/calls-and-errors.md#request-rules); parameters go in the body (see
/// [`build_post_body`]), never in the URL.
pub fn build_post_url(
    base_url: &str,
    path: &str,
    id: Option<&str>,
) -> Result<String, RequestError> {
    Ok(join_url(base_url, &resolve_path(path, id)?))
}

fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let mut out = Map::new();
            for key in keys {
                if let Some(v) = map.get(key) {
                    out.insert(key.clone(), sorted(v));
                }
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// The JSON body of a POST call (docs/behaviour/calls-and-errors.md#request-rules: "POST sends
/// params as a JSON body").
///
/// `null` (no parameters) becomes `{}`, since every POST of the spec sends an object.
/// Object keys are written in ascending order at every depth so a body is reproducible
/// (useful for signatures and tests); `null` members are kept, as `JSON.stringify` keeps them.
pub fn build_post_body(params: &Value) -> String {
    match params {
        Value::Null => "{}".to_string(),
        other => serde_json::to_string(&sorted(other)).unwrap_or_else(|_| "{}".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_match_javascript() {
        let n = |v: f64| js_f64_string(v);
        assert_eq!(n(1.0), "1");
        assert_eq!(n(0.1), "0.1");
        assert_eq!(n(-0.0), "0");
        assert_eq!(n(1e21), "1e+21");
        assert_eq!(n(1.5e-7), "1.5e-7");
        assert_eq!(n(123456789012.5), "123456789012.5");
    }

    #[test]
    fn id_placeholder_is_a_whole_token() {
        assert_eq!(
            resolve_path("/a/:identifier/:id", Some("7")).unwrap(),
            "/a/:identifier/7"
        );
        assert!(resolve_path("/a/:id", Some("  ")).is_err());
    }

    #[test]
    fn query_joins_existing_query_and_keeps_fragment() {
        let url = build_get_url("", "/x?a=1#top", &json!({"b": 2}), None, None).unwrap();
        assert_eq!(url, "/x?a=1&b=2#top");
    }
}
