//! The response envelope of every JSON call: `{code, msg, data, trace_id}` with code 0 = success
//! (docs/behaviour/calls-and-errors.md#the-call-envelope), and the error type every handler
//! returns.
//!
//! Status and code choices (the spec leaves server behaviour "not shown"):
//! - client mistakes answer HTTP 400 with code 400 and a message naming the field;
//! - a missing, bad, expired or revoked token answers HTTP 401 with code 140013
//!   (docs/behaviour/calls-and-errors.md#logged-out-answer);
//! - too many attempts 429, unknown things 404, conflicts 409, not enough credits 402, body too large 413;
//! - only our own failures answer 500, with a message that hides the details (they go to the log);
//! - an error a person may read carries a stable `kind` (core's [`aivg_core::Coded`] code) next
//!   to `msg`, so a page shows its own translation (docs/behaviour/calls-and-errors.md#messages);
//!   the field is added only to such answers and renames nothing.

use axum::Json;
use axum::extract::FromRequest;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{Value, json};

/// Code of a missing or invalid session (docs/behaviour/uploads.md#uploads).
pub const CODE_LOGGED_OUT: i64 = aivg_core::request::LOGGED_OUT_CODE;

/// The `kind` of a 429 answered because the server is busy (see the module doc).
pub const KIND_SERVER_BUSY: &str = "server_busy";

/// Request bodies above this answer 413 (uploads use signed URLs with their own limit).
pub const BODY_LIMIT: usize = 1024 * 1024;

/// The message of a body over the limit.
pub fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        413,
        format!("body: larger than the limit of {BODY_LIMIT} bytes"),
    )
}

/// An error answered as an envelope with a non-zero code.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: i64,
    pub msg: String,
    /// Seconds to wait before trying again: sent as `Retry-After` (rate limits, busy server).
    pub retry_after: Option<u64>,
    /// The stable kind of a refusal people read (`wrong_credentials`), answered as `kind`.
    pub kind: Option<&'static str>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: i64, msg: impl Into<String>) -> Self {
        Self {
            status,
            code,
            msg: msg.into(),
            retry_after: None,
            kind: None,
        }
    }
    /// The same answer with a stable `kind` (see the module doc).
    #[must_use]
    pub fn with_kind(self, kind: &'static str) -> Self {
        Self {
            kind: Some(kind),
            ..self
        }
    }
    /// A client mistake in the named field.
    pub fn invalid(field: &str, problem: impl std::fmt::Display) -> Self {
        Self::new(StatusCode::BAD_REQUEST, 400, format!("{field}: {problem}"))
    }
    pub fn bad_request(msg: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, 400, msg)
    }
    pub fn logged_out(msg: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, CODE_LOGGED_OUT, msg)
    }
    pub fn not_found(what: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, 404, what)
    }
    pub fn conflict(msg: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, 409, msg)
    }
    pub fn too_many(msg: impl Into<String>) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, 429, msg)
    }
    /// HTTP 429 with `Retry-After: seconds` (at least 1).
    pub fn retry_after(msg: impl Into<String>, seconds: u64) -> Self {
        Self {
            retry_after: Some(seconds.max(1)),
            ..Self::too_many(msg)
        }
    }
    /// Our own failure: logged with its detail, answered without it.
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        tracing::error!("internal error: {detail}");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            500,
            "internal server error",
        )
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        Self::internal(format!("database: {e}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "code": self.code, "msg": self.msg, "data": Value::Null, "trace_id": trace_id() });
        if let (Some(kind), Some(fields)) = (self.kind, body.as_object_mut()) {
            fields.insert("kind".to_owned(), Value::from(kind));
        }
        let mut res = (self.status, Json(body)).into_response();
        if let Some(s) = self.retry_after {
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, s.into());
        }
        res
    }
}

/// The result of a handler: data answered as `{code: 0, msg: "success", data}`.
pub type ApiResult<T> = Result<Data<T>, ApiError>;

/// A successful envelope.
#[derive(Debug)]
pub struct Data<T>(pub T);

impl<T: Serialize> IntoResponse for Data<T> {
    fn into_response(self) -> Response {
        Json(json!({ "code": 0, "msg": "success", "data": self.0, "trace_id": trace_id() }))
            .into_response()
    }
}

/// A page of a list: `{list, paginate: {total, page, page_size}}`.
#[derive(Debug, Serialize)]
pub struct Paged<T> {
    pub list: Vec<T>,
    pub paginate: Paginate,
}

impl<T> Paged<T> {
    /// Page `page` (from 1) of `size` items of everything `matching`, each shown by `view`.
    pub fn of<I>(matching: &[I], page: i64, size: i64, view: impl Fn(&I) -> T) -> Self {
        let skip =
            usize::try_from(page.saturating_sub(1).saturating_mul(size)).unwrap_or(usize::MAX);
        let list = matching
            .iter()
            .skip(skip)
            .take(usize::try_from(size).unwrap_or(0))
            .map(view)
            .collect();
        Self {
            list,
            paginate: Paginate {
                total: matching.len(),
                page,
                page_size: size,
            },
        }
    }
}

/// Where a page sits: how many items match, which page (from 1) and its size.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Paginate {
    pub total: usize,
    pub page: i64,
    pub page_size: i64,
}

/// A list answer: `{list}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct List<T> {
    pub list: Vec<T>,
}

/// Shorthand for `Ok(Data(data))` in handlers.
pub fn ok<T>(data: T) -> ApiResult<T> {
    Ok(Data(data))
}

/// A random id per answer so a user's report can be matched with the log.
fn trace_id() -> String {
    format!("{:016x}", rand::random::<u64>())
}

/// A JSON body whose rejections answer the envelope (400 with the serde message naming the field,
/// 413 when over the size limit, 415 without a JSON content type) instead of axum's plain text.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(ApiJson(v)),
            Err(rejection) => {
                let status = rejection.status();
                let code = i64::from(status.as_u16());
                // Every message names what to fix: the field (serde's path, in the data error's
                // text), the body, or the content type.
                let msg = match &rejection {
                    JsonRejection::JsonDataError(_) => rejection.body_text(),
                    JsonRejection::MissingJsonContentType(_) => {
                        "content-type: send the body as application/json".to_owned()
                    }
                    _ if status == StatusCode::PAYLOAD_TOO_LARGE => {
                        return Err(too_large());
                    }
                    _ => format!("body: {}", rejection.body_text()),
                };
                Err(ApiError::new(status, code, msg))
            }
        }
    }
}
