//! One batch of analytics events as the app sends it, validated field by field.
//!
//! ```json
//! {"session_id": "k3j…", "events": [
//!   {"name": "page_view", "page": "/home", "at": 1700000000000, "data": {"route": "Home"}},
//!   {"name": "web_vitals", "page": "/home", "at": 1700000000100, "data": {"metric": "LCP", "value": 812.4}}
//! ]}
//! ```
//! Limits (ours; the spec gives the client queue of 1000,
//! docs/behaviour/tasks-and-queue.md#the-queue): at most [`MAX_BATCH`] events per request, names of
//! `[a-z0-9_]` up to 64 characters, pages that are paths up to 512 characters, `data` an object of
//! at most [`MAX_DATA_BYTES`] as JSON. A `web_vitals` event must carry `metric` FCP or LCP and a
//! `value` in ms within 0..=[`MAX_VITAL_MS`].

use crate::api::ApiError;
use serde_json::{Map, Value};

/// Events per request (the app sends at most 50 at a time).
pub const MAX_BATCH: usize = 100;
/// Size of an event's `data` as JSON.
pub const MAX_DATA_BYTES: usize = 4096;
/// A paint measured later than ten minutes is not a page load.
pub const MAX_VITAL_MS: f64 = 600_000.0;
/// The measurement events whose values feed percentiles.
pub const VITALS_EVENT: &str = "web_vitals";
/// The web vitals of the spec (docs/behaviour/ads-and-experiments.md#analytics: FCP and LCP).
pub const VITAL_METRICS: [&str; 2] = ["FCP", "LCP"];

/// One event ready to store.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub name: String,
    pub page: String,
    /// "" unless this is a web vital.
    pub metric: String,
    /// The measurement in ms; 0 (and meaningless) when `metric` is "".
    pub value: f64,
    /// `data` as JSON text.
    pub data: String,
    pub at_ms: i64,
}

/// A validated batch.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    pub session_id: String,
    pub events: Vec<Event>,
}

/// Reads and validates a request body.
pub fn parse_batch(body: &[u8]) -> Result<Batch, ApiError> {
    let root = match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(map)) => map,
        Ok(_) => return Err(ApiError::invalid("body", "must be a JSON object")),
        Err(e) => return Err(ApiError::invalid("body", format!("not JSON: {e}"))),
    };
    let session_id = match root.get("session_id") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) if s.chars().count() <= 64 => s.clone(),
        Some(Value::String(_)) => {
            return Err(ApiError::invalid("session_id", "at most 64 characters"));
        }
        Some(_) => return Err(ApiError::invalid("session_id", "must be text")),
    };
    let list = match root.get("events") {
        Some(Value::Array(list)) => list,
        None | Some(Value::Null) => {
            return Err(ApiError::invalid(
                "events",
                "missing: send a list of events",
            ));
        }
        Some(_) => return Err(ApiError::invalid("events", "must be a list")),
    };
    if list.is_empty() {
        return Err(ApiError::invalid(
            "events",
            "empty: send at least one event",
        ));
    }
    if list.len() > MAX_BATCH {
        return Err(ApiError::invalid(
            "events",
            format!(
                "{} events; send at most {MAX_BATCH} per request",
                list.len()
            ),
        ));
    }
    let events = list
        .iter()
        .enumerate()
        .map(|(i, v)| {
            parse_event(v).map_err(|(field, problem)| {
                ApiError::invalid(&format!("events[{i}].{field}"), problem)
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Batch { session_id, events })
}

type FieldError = (&'static str, String);

fn parse_event(v: &Value) -> Result<Event, FieldError> {
    let Value::Object(e) = v else {
        return Err(("", "must be an object".into()));
    };
    let name = text(e, "name")?;
    let name_ok = !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !name_ok {
        return Err((
            "name",
            format!("{:?} is not 1-64 characters of a-z, 0-9 and _", clip(&name)),
        ));
    }
    let page = text(e, "page")?;
    if !page.starts_with('/') || page.chars().count() > 512 {
        return Err((
            "page",
            format!("{:?} is not a path of at most 512 characters", clip(&page)),
        ));
    }
    let at_ms = match e.get("at") {
        Some(Value::Number(n)) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.is_finite()).map(|f| f as i64))
            .filter(|ms| *ms > 0)
            .ok_or(("at", format!("{n} is not a positive epoch time in ms")))?,
        _ => return Err(("at", "missing: the epoch time in ms".into())),
    };
    let data = match e.get("data") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(_) => return Err(("data", "must be an object".into())),
    };
    let (metric, value) = if name == VITALS_EVENT {
        vital(&data)?
    } else {
        (String::new(), 0.0)
    };
    let data = Value::Object(data).to_string();
    if data.len() > MAX_DATA_BYTES {
        return Err((
            "data",
            format!("{} bytes as JSON; at most {MAX_DATA_BYTES}", data.len()),
        ));
    }
    Ok(Event {
        name,
        page,
        metric,
        value,
        data,
        at_ms,
    })
}

fn vital(data: &Map<String, Value>) -> Result<(String, f64), FieldError> {
    let metric = match data.get("metric") {
        Some(Value::String(m)) if VITAL_METRICS.contains(&m.as_str()) => m.clone(),
        _ => return Err(("data.metric", "must be \"FCP\" or \"LCP\"".into())),
    };
    let value = data
        .get("value")
        .and_then(Value::as_f64)
        .filter(|v| (0.0..=MAX_VITAL_MS).contains(v))
        .ok_or((
            "data.value",
            format!("must be a number of ms from 0 to {MAX_VITAL_MS}"),
        ))?;
    Ok((metric, value))
}

fn text(e: &Map<String, Value>, field: &'static str) -> Result<String, FieldError> {
    match e.get(field) {
        Some(Value::String(s)) => Ok(s.clone()),
        None | Some(Value::Null) => Err((field, "missing".into())),
        Some(_) => Err((field, "must be text".into())),
    }
}

fn clip(s: &str) -> String {
    s.chars().take(64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn one(event: Value) -> Result<Batch, ApiError> {
        parse_batch(json!({ "events": [event] }).to_string().as_bytes())
    }

    #[test]
    fn a_web_vital_keeps_metric_and_value() {
        let b = one(json!({"name": "web_vitals", "page": "/home", "at": 5, "data": {"metric": "LCP", "value": 812.5}})).unwrap();
        assert_eq!(b.events[0].metric, "LCP");
        assert_eq!(b.events[0].value, 812.5);
        let b = one(json!({"name": "page_view", "page": "/home", "at": 5})).unwrap();
        assert_eq!((b.events[0].metric.as_str(), b.events[0].value), ("", 0.0));
        assert_eq!(b.events[0].data, "{}");
    }

    #[test]
    fn bad_events_name_their_field() {
        let cases = [
            (
                json!({"name": "Page View", "page": "/", "at": 5}),
                "events[0].name",
            ),
            (
                json!({"name": "x", "page": "home", "at": 5}),
                "events[0].page",
            ),
            (json!({"name": "x", "page": "/", "at": -1}), "events[0].at"),
            (
                json!({"name": "x", "page": "/", "at": 5, "data": [1]}),
                "events[0].data",
            ),
            (
                json!({"name": "web_vitals", "page": "/", "at": 5, "data": {"metric": "CLS", "value": 1}}),
                "events[0].data.metric",
            ),
            (
                json!({"name": "web_vitals", "page": "/", "at": 5, "data": {"metric": "FCP", "value": -3}}),
                "events[0].data.value",
            ),
            (
                json!({"name": "x", "page": "/", "at": 5, "data": {"big": "a".repeat(5000)}}),
                "events[0].data",
            ),
        ];
        for (event, field) in cases {
            let e = one(event.clone()).unwrap_err();
            assert!(e.msg.starts_with(field), "{event}: {}", e.msg);
            assert_eq!(e.status, 400);
        }
    }

    #[test]
    fn batches_are_bounded() {
        assert!(parse_batch(b"[]").unwrap_err().msg.starts_with("body"));
        assert!(
            parse_batch(br#"{"events": []}"#)
                .unwrap_err()
                .msg
                .starts_with("events")
        );
        let many: Vec<Value> = (0..=MAX_BATCH)
            .map(|_| json!({"name": "x", "page": "/", "at": 1}))
            .collect();
        let e = parse_batch(json!({ "events": many }).to_string().as_bytes()).unwrap_err();
        assert!(e.msg.contains("at most 100"), "{}", e.msg);
    }
}
