//! The `/v1/common/oss/*` calls (docs/behaviour/calls-and-errors.md#the-calls; answers not shown,
//! decided here): an upload grant, a signed download URL, and media information of a stored file.

use super::objects;
use super::paths;
use super::quota;
use super::{MAX_UPLOAD_BYTES, mediainfo};
use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::params::ApiQuery;
use crate::state::AppState;
use crate::store::subscriptions::effective_level;
use axum::extract::State;
use serde::{Deserialize, Serialize};

/// Query of `GET /v1/common/oss/token`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The task module the file is for (`text2image`, `mai_imagesharpen`, …): a folder of the path.
    #[serde(default)]
    pub algorithm: String,
    /// Optional extension of the file (`png`), or a file name to take it from.
    #[serde(default)]
    pub ext: Option<String>,
    #[serde(default)]
    pub file_name: Option<String>,
    /// Optional size the client is about to upload, checked against the quota at once.
    #[serde(default)]
    pub size: Option<String>,
}

fn check_algorithm(algorithm: &str) -> Result<&str, ApiError> {
    let a = algorithm.trim();
    if a.is_empty() {
        return Err(ApiError::invalid(
            "algorithm",
            "required: the module the file is for, e.g. text2image",
        ));
    }
    if a.len() > 64 || !a.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(ApiError::invalid(
            "algorithm",
            "use letters, digits and '_' only (at most 64)",
        ));
    }
    Ok(a)
}

fn requested_ext(q: &TokenQuery) -> Result<Option<String>, ApiError> {
    let (field, raw) = match (&q.ext, &q.file_name) {
        (Some(e), _) if !e.trim().is_empty() => {
            ("ext", e.trim().trim_start_matches('.').to_ascii_lowercase())
        }
        (_, Some(n)) if n.contains('.') => ("file_name", paths::ext_of(n.trim())),
        _ => return Ok(None),
    };
    if paths::content_type_for_ext(&raw).is_some() {
        Ok(Some(raw))
    } else {
        Err(ApiError::invalid(
            field,
            format!("{raw:?} is not an image, video or audio type this site accepts"),
        ))
    }
}

/// An upload grant (see [`token`]).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UploadGrant {
    pub upload_url: String,
    pub method: &'static str,
    pub oss_path: String,
    pub expires_at: i64,
    pub max_bytes: i64,
    pub headers: UploadHeaders,
    pub quota: quota::Usage,
}

/// The headers the upload must carry: the file's content type when its extension was given.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UploadHeaders {
    #[serde(rename = "Content-Type", skip_serializing_if = "Option::is_none")]
    pub content_type: Option<&'static str>,
}

/// `GET /v1/common/oss/token?algorithm=…[&ext=png|&file_name=a.png][&size=bytes]` → an upload grant:
/// `{upload_url, method: "PUT", oss_path, expires_at, max_bytes, headers, quota: {used, limit}}`.
///
/// The client PUTs the file's bytes to `upload_url` (valid 1 hour, once) with the `headers`
/// given; the path is then usable as `file_path` / `oss_path` in task and oss calls. When `size`
/// is given and would pass the storage quota, the drive-space error comes at once (HTTP 507,
/// code [`quota::CODE_NOT_ENOUGH_SPACE`]); the upload itself is checked again in any case.
///
/// With an `Idempotency-Key` header, the same key and query within 24 hours answer the first
/// grant again (`idempotency.rs`, docs/api.md#retrying-safely).
pub async fn token(
    State(state): State<AppState>,
    user: AuthUser,
    headers: axum::http::HeaderMap,
    ApiQuery(q): ApiQuery<TokenQuery>,
) -> ApiResult<serde_json::Value> {
    let asked = serde_json::json!({
        "algorithm": q.algorithm, "ext": q.ext, "file_name": q.file_name, "size": q.size,
    });
    let claim = crate::idempotency::requested(&headers, "upload grant", &asked)?;
    let answer = crate::idempotency::once(&state.db.pool, user.id, claim, clock::now_ms, || {
        grant(&state, &user, &q)
    })
    .await?;
    ok(answer)
}

/// The grant of [`token`].
async fn grant(state: &AppState, user: &AuthUser, q: &TokenQuery) -> Result<UploadGrant, ApiError> {
    let algorithm = check_algorithm(&q.algorithm)?;
    let ext = requested_ext(q)?;
    let declared = match q.size.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => 0,
        Some(s) => match s.parse::<i64>() {
            Ok(n) if (0..=MAX_UPLOAD_BYTES).contains(&n) => n,
            Ok(n) if n > MAX_UPLOAD_BYTES => {
                return Err(ApiError::invalid(
                    "size",
                    format!("files are limited to {MAX_UPLOAD_BYTES} bytes"),
                ));
            }
            _ => {
                return Err(ApiError::invalid(
                    "size",
                    format!("must be a number of bytes, got {s:?}"),
                ));
            }
        },
    };
    let now = clock::now_s();
    let mut conn = state.db.pool.acquire().await?;
    let level = effective_level(&mut conn, user.id, now).await?;
    let usage = quota::usage(&mut conn, user.id, level, now).await?;
    usage.admit(declared.max(1))?;
    let path = paths::upload_path(&user.uid, algorithm, ext.as_deref());
    let (url, expires_at) = state.files.upload_url(&path, now);
    let content_type = ext.as_deref().and_then(paths::content_type_for_ext);
    Ok(UploadGrant {
        upload_url: url,
        method: "PUT",
        oss_path: path,
        expires_at,
        max_bytes: MAX_UPLOAD_BYTES.min(usage.remaining()),
        headers: UploadHeaders { content_type },
        quota: usage,
    })
}

/// A signed download URL.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SignedUrl {
    pub url: String,
    pub expires_at: i64,
    pub oss_path: String,
}

/// Query of `GET /v1/common/oss/sign`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignQuery {
    #[serde(default)]
    pub oss_path: String,
    #[serde(default)]
    pub dispose: Option<String>,
}

/// `attachment` for `attachment`/`download`/`1`/`true`, inline for empty/`inline`/`0`/`false`.
fn parse_dispose(raw: Option<&str>) -> Result<bool, ApiError> {
    match raw.map(str::trim).unwrap_or_default() {
        "" | "inline" | "0" | "false" => Ok(false),
        "attachment" | "download" | "1" | "true" => Ok(true),
        other => Err(ApiError::invalid(
            "dispose",
            format!("{other:?}: use attachment or inline"),
        )),
    }
}

/// `GET /v1/common/oss/sign?oss_path=…[&dispose=attachment]` → `{url, expires_at, oss_path}`: a
/// download URL of one of the user's files, valid 24 hours, served by this server with the file's
/// content type (`dispose=attachment` makes browsers save it). Another user's path answers 404.
pub async fn sign(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<SignQuery>,
) -> ApiResult<SignedUrl> {
    let attachment = parse_dispose(q.dispose.as_deref())?;
    let obj = objects::owned(
        &state.db.pool,
        (user.id, &user.uid),
        &q.oss_path,
        "oss_path",
    )
    .await?;
    let (url, expires_at) = state
        .files
        .download_url(&obj.oss_path, attachment, clock::now_s());
    ok(SignedUrl {
        url,
        expires_at,
        oss_path: obj.oss_path,
    })
}

/// Query of `GET /v1/common/oss/mediainfo`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PathQuery {
    #[serde(default)]
    pub oss_path: String,
}

/// `GET /v1/common/oss/mediainfo?oss_path=…` → `{width, height, size, ext, content_type,
/// media_type, duration, fps, frames, note?}` read from the stored file (see [`mediainfo`]).
pub async fn mediainfo(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<PathQuery>,
) -> ApiResult<mediainfo::MediaInfo> {
    let obj = objects::owned(
        &state.db.pool,
        (user.id, &user.uid),
        &q.oss_path,
        "oss_path",
    )
    .await?;
    // Bounded: a few reads at once (ffprobe may read a whole video), the rest wait or get 429.
    let _permit = state.limits.permit(crate::limits::Work::Decode).await?;
    let info = mediainfo::probe(&state.files, &obj)
        .await
        .map_err(ApiError::internal)?;
    ok(info)
}
