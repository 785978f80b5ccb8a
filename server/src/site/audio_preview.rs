//! `GET /static/seed/tpl-{id}-preview.wav`: the audio preview of an audio template
//! (docs/behaviour/tasks-and-queue.md#templates "Template item for audio: … preview (audio URL)";
//! docs/behaviour/uploads.md#image-preview "Audio preview plays from template URLs").
//!
//! Decisions: the preview is the local provider's stand-in tune (`tasks::local::audio::tune`,
//! 16-bit mono PCM at 22,050 Hz) seeded by the template id, [`PREVIEW_SECONDS`] long: 352,844
//! bytes. Each is rendered once and kept (at most one per seeded audio template). A `Range`
//! request answers 206 (so players can seek); ids that are not audio templates answer 404.

use super::seed::Seeds;
use super::template_shape::media_of;
use crate::tasks::local::audio;
use crate::uploads::range::parse_range;
use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// Length of a template's audio preview, seconds.
pub const PREVIEW_SECONDS: u32 = 8;

/// The preview URL of audio template `id`.
pub fn url(origin: &str, id: i64) -> String {
    format!("{origin}/static/seed/tpl-{id}-preview.wav")
}

static RENDERED: LazyLock<Mutex<HashMap<i64, Bytes>>> = LazyLock::new(Mutex::default);

/// The WAV bytes of the preview named `name` (`tpl-{id}-preview`), `None` when `id` is not an
/// audio template.
pub fn wav_of(s: &Seeds, name: &str) -> Option<Bytes> {
    let id: i64 = name
        .strip_prefix("tpl-")?
        .strip_suffix("-preview")?
        .parse()
        .ok()?;
    let t = s.templates.templates.iter().find(|t| t.tpl_id == id)?;
    if media_of(s, t) != "audio" {
        return None;
    }
    if let Some(b) = RENDERED.lock().ok().and_then(|m| m.get(&id).cloned()) {
        return Some(b);
    }
    let bytes = Bytes::from(audio::tune(id.unsigned_abs(), PREVIEW_SECONDS));
    if let Ok(mut m) = RENDERED.lock() {
        m.insert(id, bytes.clone());
    }
    Some(bytes)
}

/// The preview as a response: whole (200) or the asked range (206, or 416 outside the file).
pub fn response(bytes: &Bytes, headers: &HeaderMap, max_age: u32) -> Response {
    let size = bytes.len() as u64;
    let part = |r: std::ops::Range<u64>| {
        let (a, b) = (usize::try_from(r.start).ok()?, usize::try_from(r.end).ok()?);
        bytes.get(a..b).map(|p| bytes.slice_ref(p))
    };
    let (status, body, content_range) = match parse_range(headers.get(header::RANGE), size) {
        None => (StatusCode::OK, bytes.clone(), None),
        Some(Ok(r)) => match part(r.clone()) {
            Some(p) => (
                StatusCode::PARTIAL_CONTENT,
                p,
                Some(format!("bytes {}-{}/{size}", r.start, r.end - 1)),
            ),
            None => (StatusCode::RANGE_NOT_SATISFIABLE, Bytes::new(), None),
        },
        Some(Err(())) => (
            StatusCode::RANGE_NOT_SATISFIABLE,
            Bytes::new(),
            Some(format!("bytes */{size}")),
        ),
    };
    let mut res = (status, Body::from(body)).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("audio/wav"));
    h.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Some(v) = content_range.and_then(|r| HeaderValue::from_str(&r).ok()) {
        h.insert(header::CONTENT_RANGE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&format!("public, max-age={max_age}")) {
        h.insert(header::CACHE_CONTROL, v);
    }
    res
}
