//! The response envelope, the failure-code rule and the "logged out" test
//! (docs/behaviour/calls-and-errors.md#the-call-envelope, #the-error-catalogue).

use super::error::RequestError;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// Envelope code of success (docs/behaviour/calls-and-errors.md#the-call-envelope: "code (0 =
/// success)").
pub const SUCCESS_CODE: i64 = 0;

/// Failure code when neither the body nor the HTTP status gives one
/// (docs/behaviour/calls-and-errors.md#the-call-envelope: "default failure code -1").
pub const DEFAULT_FAILURE_CODE: i64 = -1;

/// Envelope code meaning the session is gone
/// (docs/behaviour/calls-and-errors.md#the-error-catalogue).
pub const LOGGED_OUT_CODE: i64 = 140_013;

/// HTTP status meaning the session is gone (docs/behaviour/calls-and-errors.md#logged-out-answer).
pub const HTTP_UNAUTHORIZED: u16 = 401;

/// Calls whose 401 / 140013 never count as "logged out": they manage the session
/// themselves, so broadcasting from them would loop
/// (docs/behaviour/calls-and-errors.md#logged-out-answer: token renew, oauth token, logout).
pub const SESSION_CALL_PATHS: [&str; 3] = ["/v1/token/renew", "/v1/oauth/token", "/v1/logout"];

/// The answer of every call (docs/behaviour/calls-and-errors.md#the-call-envelope, #the-calls):
/// `{code, msg, data, trace_id}`.
///
/// Reading accepts `msg` or `message` (the first non-empty string wins), a `code` written as
/// an integer, an integral float or a string holding an integer, and a `trace_id` that is a
/// string or a number. Writing always gives `{"code", "msg", "data", "trace_id"}` (the server's
/// wire shape; `trace_id` is `null` when absent).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Envelope {
    /// 0 on success, otherwise the failure code.
    pub code: i64,
    /// Human-readable message ("" when the body had none).
    pub msg: String,
    /// The payload (`null` when absent).
    #[cfg_attr(feature = "tsify", tsify(type = "unknown"))]
    pub data: Value,
    /// Server trace id, for support requests.
    pub trace_id: Option<String>,
}

impl Envelope {
    /// Reads an envelope from an already-parsed JSON value (see [`parse_envelope`]).
    pub fn from_value(value: &Value) -> Result<Self, RequestError> {
        let object = value.as_object().ok_or(RequestError::NotAnObject)?;
        let code = match object.get("code") {
            None | Some(Value::Null) => return Err(RequestError::MissingCode),
            Some(raw) => lenient_code(raw).ok_or(RequestError::InvalidCode)?,
        };
        let text = |key: &str| {
            object
                .get(key)
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
        };
        let msg = text("msg")
            .or_else(|| text("message"))
            .unwrap_or("")
            .to_string();
        let trace_id = match object.get("trace_id") {
            Some(Value::String(s)) => Some(s.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        };
        Ok(Self {
            code,
            msg,
            data: object.get("data").cloned().unwrap_or(Value::Null),
            trace_id,
        })
    }

    /// Whether the envelope reports success (`code == 0`).
    pub fn is_success(&self) -> bool {
        self.code == SUCCESS_CODE
    }
}

impl<'de> Deserialize<'de> for Envelope {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Self::from_value(&value).map_err(serde::de::Error::custom)
    }
}

/// An integer code from a number (integral floats accepted) or a string holding an integer.
fn lenient_code(raw: &Value) -> Option<i64> {
    match raw {
        Value::Number(n) => n.as_i64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
                .map(|f| f as i64)
        }),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    }
}

/// Parses the raw text of an answer into an [`Envelope`].
///
/// Errors: `not_json` (e.g. an HTML error page), `not_an_object` (e.g. `[1]`),
/// `missing_code`, `invalid_code`.
pub fn parse_envelope(text: &str) -> Result<Envelope, RequestError> {
    let value: Value = serde_json::from_str(text).map_err(|e| RequestError::NotJson {
        detail: e.to_string(),
    })?;
    Envelope::from_value(&value)
}

/// The one shape every call's outcome takes in the app
/// (docs/behaviour/calls-and-errors.md#the-call-envelope).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NormalizedResponse {
    /// True only for an HTTP 2xx whose envelope code is 0.
    pub success: bool,
    /// Envelope code, or the failure code chosen by [`normalize_response`].
    pub code: i64,
    /// The server's message, or a generated one for failures without a message.
    pub message: String,
    /// The envelope's data (`null` when there is none).
    #[cfg_attr(feature = "tsify", tsify(type = "unknown"))]
    pub data: Value,
    /// The envelope's trace id, if any.
    pub trace_id: Option<String>,
    /// The HTTP status as received (0 when no answer arrived).
    pub http_status: u16,
}

/// Normalises one call's outcome from its HTTP status and raw body
/// (docs/behaviour/calls-and-errors.md#the-call-envelope).
///
/// - 2xx with a readable envelope: `success` is `code == 0`; code, message, data and trace id
///   come from the envelope.
/// - 2xx without a readable envelope: failure with code -1 and the parse problem as message.
/// - Any other status (the helper "throws"): failure; the code is the body's code when it has
///   a non-zero one, else the HTTP status, else -1 (status 0 = no answer). A body code of 0 on
///   an HTTP error is not used, since 0 means success.
///
/// Decided: a failure always carries a non-empty message; when the server gave none it is
/// "Request failed with code N", "Request failed with HTTP status N" or, for status 0,
/// "The request did not reach the server".
pub fn normalize_response(http_status: u16, body: &str) -> NormalizedResponse {
    let parsed = parse_envelope(body);
    let http_ok = (200..=299).contains(&http_status);
    let (success, code, message, data, trace_id) = match (http_ok, parsed) {
        (true, Ok(env)) => {
            let success = env.is_success();
            let message = if env.msg.is_empty() && !success {
                format!("Request failed with code {}", env.code)
            } else {
                env.msg
            };
            (success, env.code, message, env.data, env.trace_id)
        }
        (true, Err(e)) => (
            false,
            DEFAULT_FAILURE_CODE,
            e.to_string(),
            Value::Null,
            None,
        ),
        (false, parsed) => {
            let env = parsed.ok();
            let body_code = env.as_ref().map(|e| e.code).filter(|c| *c != SUCCESS_CODE);
            let code = body_code.unwrap_or(if http_status == 0 {
                DEFAULT_FAILURE_CODE
            } else {
                i64::from(http_status)
            });
            let (msg, data, trace_id) = match env {
                Some(e) => (e.msg, e.data, e.trace_id),
                None => (String::new(), Value::Null, None),
            };
            let message = if !msg.is_empty() {
                msg
            } else if http_status == 0 {
                "The request did not reach the server".to_string()
            } else {
                format!("Request failed with HTTP status {http_status}")
            };
            (false, code, message, data, trace_id)
        }
    };
    NormalizedResponse {
        success,
        code,
        message,
        data,
        trace_id,
        http_status,
    }
}

/// The path part of a URL or path: no scheme/host, query or fragment, no trailing `/`.
fn path_of(url: &str) -> &str {
    let without_origin = if let Some(rest) = url.strip_prefix("//") {
        rest.find('/').and_then(|p| rest.get(p..)).unwrap_or("")
    } else if let Some(pos) = url.find("://") {
        let rest = url.get(pos + 3..).unwrap_or("");
        rest.find('/').and_then(|p| rest.get(p..)).unwrap_or("")
    } else {
        url
    };
    let end = without_origin
        .find(['?', '#'])
        .unwrap_or(without_origin.len());
    without_origin
        .get(..end)
        .unwrap_or("")
        .trim_end_matches('/')
}

/// Whether `url` (a path or full URL) is one of the session's own calls (token renew,
/// oauth token, logout), which never count as "logged out"
/// (docs/behaviour/calls-and-errors.md#logged-out-answer). A prefix before `/v1` (e.g.
/// `/api/v1/logout`) still matches.
pub fn is_session_call(url: &str) -> bool {
    let path = path_of(url);
    SESSION_CALL_PATHS.iter().any(|p| path.ends_with(p))
}

/// The "logged out" test (docs/behaviour/calls-and-errors.md#logged-out-answer): envelope code
/// 140013 or HTTP 401, except on the token renew, oauth token and logout calls. Decided: the
/// exception covers both signs, because those three calls handle their own failure and broadcasting
/// from them would loop.
///
/// `code` is the envelope code when a body was read (`None` otherwise).
pub fn is_logged_out_response(url: &str, http_status: u16, code: Option<i64>) -> bool {
    let signalled = code == Some(LOGGED_OUT_CODE) || http_status == HTTP_UNAUTHORIZED;
    signalled && !is_session_call(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelope_round_trips_through_serde() {
        let env = parse_envelope(r#"{"code":"12","message":"m","trace_id":5}"#).unwrap();
        let text = serde_json::to_string(&env).unwrap();
        assert_eq!(text, r#"{"code":12,"msg":"m","data":null,"trace_id":"5"}"#);
        let back: Envelope = serde_json::from_str(&text).unwrap();
        assert_eq!(back, env);
    }

    #[test]
    fn path_of_strips_origin_and_query() {
        assert_eq!(path_of("https://a.b/v1/logout/?x#y"), "/v1/logout");
        assert_eq!(path_of("//a.b"), "");
    }
}
