//! Layers that keep every answer of the API an envelope, whatever the client
//! sends:
//!
//! - a body declared larger than [`BODY_LIMIT`] (`Content-Length`) answers 413 before any handler
//!   runs, also on calls that read no body; a body sent without a length is read here up to the
//!   limit, so every call answers 413 the same way (uploads stream with their own limit, see
//!   `uploads/mod.rs`, and are left alone);
//! - the NUL character (`%00` in the path or query, `\u0000` in a JSON string) answers 400: no call
//!   takes it, and PostgreSQL's text cannot store it (it would otherwise be a 500 there);
//! - axum's own plain-text rejections (wrong method 405, a bad path segment, a body over the
//!   limit sent without a length, …) are rewritten as `{code, msg, data, trace_id}` with the
//!   HTTP status as code; HTML pages (the test store's error page) and JSON answers pass as is;
//! - a panic in a handler answers the envelope with 500 and is logged, instead of dropping the
//!   connection. No client mistake should reach it: this is the last line, not the plan.

use crate::api::{ApiError, BODY_LIMIT, too_large};
use axum::body::Body;
use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Paths whose route sets its own, larger body limit: uploads, and the console's content media
/// (`admin::MEDIA_UPLOAD`).
const OWN_LIMIT_PREFIXES: [&str; 2] = ["/oss/upload/", "/v1/admin/media/"];

/// The most of a plain-text rejection we read back to quote it in the envelope.
const MAX_REJECTION_TEXT: usize = 16 * 1024;

/// The declared body length, when the request has a readable one.
fn content_length(req: &Request) -> Option<u64> {
    req.headers()
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// Whether `%00` (a percent-encoded NUL) is in a path or query.
fn has_encoded_nul(text: &str) -> bool {
    text.contains("%00")
}

/// Whether a JSON text has a `\u0000` escape (a NUL inside a string). A backslash before it that
/// is itself escaped (`\\u0000`, the text "\u0000") does not count.
fn has_json_nul(body: &[u8]) -> bool {
    const ESCAPE: &[u8] = b"\\u0000";
    body.windows(ESCAPE.len())
        .enumerate()
        .filter(|(_, w)| *w == ESCAPE)
        .any(|(at, _)| {
            let before = body.get(..at).unwrap_or_default();
            let backslashes = before.iter().rev().take_while(|b| **b == b'\\').count();
            backslashes % 2 == 0
        })
}

fn nul_refused(field: &str) -> Response {
    ApiError::invalid(field, "must not contain the NUL character").into_response()
}

/// Reads the whole body (at most [`BODY_LIMIT`] bytes): `Err` is the answer to give instead.
async fn buffer_body(req: Request) -> Result<Request, Response> {
    let (parts, body) = req.into_parts();
    match axum::body::to_bytes(body, BODY_LIMIT).await {
        Ok(bytes) if has_json_nul(&bytes) => Err(nul_refused("body")),
        Ok(bytes) => Ok(Request::from_parts(parts, Body::from(bytes))),
        Err(e) => {
            let inner = e.into_inner();
            if inner.is::<http_body_util::LengthLimitError>() {
                Err(too_large().into_response())
            } else {
                Err(
                    ApiError::invalid("body", format!("could not be read: {inner}"))
                        .into_response(),
                )
            }
        }
    }
}

/// Middleware: early 413, NUL refused, then envelope any plain-text error answer.
pub async fn envelope_errors(req: Request, next: Next) -> Response {
    let path = req.uri().path();
    let own_limit = OWN_LIMIT_PREFIXES.iter().any(|p| path.starts_with(p));
    if has_encoded_nul(path) {
        return nul_refused("path");
    }
    if req.uri().query().is_some_and(has_encoded_nul) {
        return nul_refused("query");
    }
    let limit = u64::try_from(BODY_LIMIT).unwrap_or(u64::MAX);
    let req = if own_limit {
        req
    } else if content_length(&req).is_some_and(|n| n > limit) {
        return too_large().into_response();
    } else {
        match buffer_body(req).await {
            Ok(req) => req,
            Err(answer) => return answer,
        }
    };
    let res = next.run(req).await;
    if needs_envelope(&res) {
        rewrap(res).await
    } else {
        res
    }
}

/// An error status whose body is not JSON or HTML (axum's rejections are text/plain, 405 empty).
fn needs_envelope(res: &Response) -> bool {
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return false;
    }
    let kind = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    kind.is_empty() || kind.starts_with("text/plain")
}

async fn rewrap(res: Response) -> Response {
    let (parts, body) = res.into_parts();
    let status = parts.status;
    let text = axum::body::to_bytes(body, MAX_REJECTION_TEXT)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .unwrap_or_default();
    let err = if status == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else if status == StatusCode::METHOD_NOT_ALLOWED {
        let allowed = parts
            .headers
            .get(header::ALLOW)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("another method");
        ApiError::new(status, 405, format!("method: this call takes {allowed}"))
    } else if status.is_server_error() {
        ApiError::internal(format!("plain-text {status} answer: {text}"))
    } else {
        let msg = if text.is_empty() {
            status
                .canonical_reason()
                .unwrap_or("bad request")
                .to_owned()
        } else {
            text
        };
        ApiError::new(status, i64::from(status.as_u16()), msg)
    };
    let mut out = err.into_response();
    // Keep what tells the client how to retry (Allow, Retry-After, …).
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(v) = parts.headers.get(&name) {
            out.headers_mut().insert(name, v.clone());
        }
    }
    out
}

/// The message of a caught panic.
pub fn panic_text(err: &(dyn std::any::Any + Send)) -> &str {
    err.downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| err.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)")
}

/// The answer to a panic in a handler: logged with its message, answered as a 500 envelope.
pub fn panic_response(err: Box<dyn std::any::Any + Send + 'static>) -> Response<Body> {
    let detail = panic_text(err.as_ref());
    ApiError::internal(format!("handler panicked: {detail}")).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn json_of(res: Response) -> serde_json::Value {
        let bytes = axum::body::to_bytes(res.into_body(), 1 << 16)
            .await
            .unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[tokio::test]
    async fn a_panic_answers_a_500_envelope_without_its_detail() {
        let res = panic_response(Box::new(String::from("secret detail")));
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = json_of(res).await;
        assert_eq!(body["code"], 500);
        assert_eq!(body["msg"], "internal server error");
        let res = panic_response(Box::new(7_u8));
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }

    #[tokio::test]
    async fn plain_text_rejections_become_envelopes() {
        let res = (StatusCode::BAD_REQUEST, "Invalid URL: bad id").into_response();
        assert!(needs_envelope(&res));
        let body = json_of(rewrap(res).await).await;
        assert_eq!(body["code"], 400);
        assert_eq!(body["msg"], "Invalid URL: bad id");

        let res = (StatusCode::PAYLOAD_TOO_LARGE, "length limit exceeded").into_response();
        let body = json_of(rewrap(res).await).await;
        assert_eq!(body["code"], 413);
        assert!(body["msg"].as_str().unwrap().starts_with("body:"));
    }

    #[test]
    fn nul_escapes_are_found_only_when_they_are_escapes() {
        assert!(has_json_nul(br#"{"a":"x\u0000y"}"#));
        assert!(
            has_json_nul(br#"{"a":"\\\u0000"}"#),
            "an escaped backslash, then a NUL"
        );
        assert!(!has_json_nul(br#"{"a":"\\u0000"}"#), "the text \\u0000");
        assert!(!has_json_nul(br#"{"a":"u0000"}"#));
        assert!(!has_json_nul(b""));
        assert!(has_encoded_nul("/v1/ai/result/x/%00"));
        assert!(!has_encoded_nul("/v1/ai/result/x/100"));
    }

    #[test]
    fn json_html_and_success_pass_as_is() {
        let ok = (StatusCode::OK, "fine").into_response();
        assert!(!needs_envelope(&ok));
        let html = (StatusCode::BAD_REQUEST, axum::response::Html("<p>x</p>")).into_response();
        assert!(!needs_envelope(&html));
        let json = ApiError::bad_request("x").into_response();
        assert!(!needs_envelope(&json));
    }
}
