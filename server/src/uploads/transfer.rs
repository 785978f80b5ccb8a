//! The signed byte routes: `PUT /oss/upload/{path}` stores an upload, `GET /oss/file/{path}`
//! serves a file. They carry no token: the URL's signature (see [`super::signing`]) is the
//! permission, so `<img src>` and `<video src>` work.

use super::MAX_UPLOAD_BYTES;
use super::objects::{self, NewObject};
use super::paths;
use super::range::parse_range;
use super::reservations;
use super::signing::Action;
use super::sink::Sink;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::params::ApiQuery;
use crate::state::AppState;
use crate::store::subscriptions::effective_level;
use axum::RequestExt;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use object_store::path::Path as StorePath;
use object_store::{GetOptions, GetRange};
use serde::{Deserialize, Serialize};

/// The query of a signed URL.
#[derive(Debug, Deserialize)]
pub struct Signed {
    #[serde(default)]
    pub expires: Option<String>,
    #[serde(default)]
    pub sig: Option<String>,
    #[serde(default)]
    pub dispose: Option<String>,
}

fn forbidden(msg: &str) -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, 403, msg)
}

/// Checks path, expiry and signature of a signed URL.
fn verify(
    state: &AppState,
    action: Action,
    path: &str,
    q: &Signed,
    extra: &str,
) -> Result<(), ApiError> {
    if !paths::valid_path(path) {
        return Err(ApiError::not_found("no such file"));
    }
    let expires = q.expires.as_deref().and_then(|e| e.parse::<i64>().ok());
    let (Some(expires), Some(sig)) = (expires, q.sig.as_deref()) else {
        return Err(forbidden("this URL is not signed: ask for a new one"));
    };
    if !state
        .files
        .signer()
        .verify(action, path, expires, extra, sig)
    {
        return Err(forbidden(
            "the signature of this URL is not valid: ask for a new one",
        ));
    }
    if expires <= clock::now_s() {
        return Err(forbidden("this URL has expired: ask for a new one"));
    }
    Ok(())
}

/// A stored upload.
#[derive(Debug, Serialize)]
pub struct Uploaded {
    pub oss_path: String,
    pub size: i64,
    pub content_type: &'static str,
}

/// `PUT /oss/upload/{oss_path}?expires&sig` with the file's bytes as the body → `{oss_path, size,
/// content_type}`. At most [`MAX_UPLOAD_BYTES`] (413 beyond), once per URL (409 after, and for a
/// second PUT while the first runs), within the plan's storage quota (507 with
/// [`super::quota::CODE_NOT_ENOUGH_SPACE`] beyond), counted atomically with the user's other
/// uploads in progress (`reservations.rs`). The content type
/// comes from the path's extension, else from a media `Content-Type` header, else
/// `application/octet-stream`. The bytes are streamed to the store, never held whole in memory
/// (one PUT up to [`super::sink::PART_SIZE`], a multipart upload beyond).
pub async fn upload(
    State(state): State<AppState>,
    Path(path): Path<String>,
    ApiQuery(q): ApiQuery<Signed>,
    req: Request,
) -> ApiResult<Uploaded> {
    verify(&state, Action::Upload, &path, &q, "")?;
    let uid = path
        .strip_prefix("users/")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_default();
    let user_id: i64 = sqlx::query_scalar("SELECT id FROM users WHERE uid = $1")
        .bind(uid)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| ApiError::not_found("no such user"))?;
    if objects::find(&state.db.pool, &path).await?.is_some() {
        return Err(ApiError::conflict(
            "this upload URL was already used: ask for a new one",
        ));
    }
    let header_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let content_type = paths::content_type_for_ext(&paths::ext_of(&path))
        .or_else(|| paths::ext_for_content_type(header_type).and_then(paths::content_type_for_ext))
        .unwrap_or("application/octet-stream");
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<i64>().ok());
    if declared.is_some_and(|n| n > MAX_UPLOAD_BYTES) {
        return Err(too_large());
    }
    let level = {
        let mut conn = state.db.pool.acquire().await?;
        effective_level(&mut conn, user_id, clock::now_s()).await?
    };
    // Held against the quota until the object is recorded (see `reservations.rs`).
    let reservation = reservations::reserve(
        &state.db.pool,
        (user_id, level),
        &path,
        declared.filter(|n| *n >= 0),
        MAX_UPLOAD_BYTES,
    )
    .await?;

    // Nothing is visible at the path until the whole body is stored; a failure or a dropped
    // request aborts what went up (see `sink.rs`).
    let mut sink = Sink::new(state.files.store().clone(), &path);
    let mut body = req.into_limited_body().into_data_stream();
    let mut size: i64 = 0;
    while let Some(chunk) = body.next().await {
        let chunk = match chunk {
            Ok(c) => c,
            Err(e) if e.to_string().contains("length limit") => return Err(too_large()),
            Err(e) => {
                return Err(ApiError::bad_request(format!(
                    "the upload was interrupted: {e}"
                )));
            }
        };
        size = size.saturating_add(i64::try_from(chunk.len()).unwrap_or(i64::MAX));
        if size > MAX_UPLOAD_BYTES {
            return Err(too_large());
        }
        // An early return drops the sink (what went up is aborted) and the reservation (released).
        reservation.admit(size)?;
        sink.write(chunk).await.map_err(ApiError::internal)?;
    }
    sink.finish().await.map_err(ApiError::internal)?;
    let row = NewObject {
        user_id,
        oss_path: &path,
        origin: "upload",
        task_id: "",
        size,
        content_type,
        created_ms: clock::now_ms(),
    };
    if let Err(e) = reservation.settle(&row).await {
        // Not recorded: the bytes go too (a URL in use keeps the other upload's).
        if e.status != StatusCode::CONFLICT {
            let _ = state.files.delete(&path).await;
        }
        return Err(e);
    }
    ok(Uploaded {
        oss_path: path,
        size,
        content_type,
    })
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        413,
        format!("file: larger than the {MAX_UPLOAD_BYTES} bytes a file may have"),
    )
}

/// `GET /oss/file/{oss_path}?expires&sig[&dispose=attachment]` → the file with its content type
/// (`Range` requests answer 206, so video can seek). Media types are served as themselves;
/// other files only as downloads, and every file with `nosniff` and a sandbox policy, so an
/// uploaded file can never run script on this origin.
pub async fn download(
    State(state): State<AppState>,
    Path(path): Path<String>,
    ApiQuery(q): ApiQuery<Signed>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ApiError> {
    let attachment = q.dispose.as_deref() == Some("attachment");
    verify(
        &state,
        Action::Download,
        &path,
        &q,
        if attachment { "attachment" } else { "inline" },
    )?;
    let obj = objects::find(&state.db.pool, &path)
        .await?
        .ok_or_else(|| ApiError::not_found("no such file"))?;
    let size = u64::try_from(obj.size).unwrap_or(0);
    let range = match parse_range(headers.get(header::RANGE), size) {
        Some(Err(())) => {
            let mut res = StatusCode::RANGE_NOT_SATISFIABLE.into_response();
            if let Ok(v) = HeaderValue::from_str(&format!("bytes */{size}")) {
                res.headers_mut().insert(header::CONTENT_RANGE, v);
            }
            return Ok(res);
        }
        Some(Ok(r)) => Some(r),
        None => None,
    };
    let options = GetOptions {
        range: range.clone().map(GetRange::Bounded),
        ..GetOptions::default()
    };
    let got = match state
        .files
        .store()
        .get_opts(&StorePath::from(path.as_str()), options)
        .await
    {
        Ok(g) => g,
        Err(object_store::Error::NotFound { .. }) => {
            return Err(ApiError::not_found("no such file"));
        }
        Err(e) => return Err(ApiError::internal(e)),
    };
    let served = got.range.clone();
    let media = paths::media_kind(&obj.content_type) != "file";
    let content_type = if media {
        obj.content_type.as_str()
    } else {
        "application/octet-stream"
    };
    let name = path.rsplit('/').next().unwrap_or("file");
    let disposition = if attachment || !media {
        format!("attachment; filename=\"{name}\"")
    } else {
        "inline".to_owned()
    };
    let mut builder = Response::builder()
        .status(if range.is_some() {
            StatusCode::PARTIAL_CONTENT
        } else {
            StatusCode::OK
        })
        .header(header::CONTENT_TYPE, content_type)
        .header(header::CONTENT_LENGTH, served.end - served.start)
        .header(header::ACCEPT_RANGES, "bytes")
        .header(header::CONTENT_DISPOSITION, disposition)
        .header(header::CACHE_CONTROL, "private, max-age=3600")
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        .header(header::CONTENT_SECURITY_POLICY, "sandbox");
    if range.is_some() {
        builder = builder.header(
            header::CONTENT_RANGE,
            format!(
                "bytes {}-{}/{size}",
                served.start,
                served.end.saturating_sub(1)
            ),
        );
    }
    builder
        .body(Body::from_stream(got.into_stream()))
        .map_err(ApiError::internal)
}
