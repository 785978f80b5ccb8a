//! Media an operator uploads for the site content (template previews: a picture, a video, an
//! audio tune), kept in the object store like user files (`uploads/storage.rs`) under
//! `content/`, and served to everyone by `GET /static/content/{name}`.
//!
//! An upload is checked by its bytes, not only by its declared type: a picture is PNG, JPEG or
//! WebP (at most [`MAX_PICTURE_BYTES`]), a video MP4 or WebM (at most [`MAX_VIDEO_BYTES`]), an
//! audio tune MP3, WAV or Ogg (at most [`MAX_AUDIO_BYTES`]). Each upload gets a new name (the
//! template id, the slot and a random part), so caches never serve an older file under it.

use super::seed_checks::content_key_ok;
use crate::api::ApiError;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// The largest picture an operator uploads (5 MB).
pub const MAX_PICTURE_BYTES: usize = 5 * 1024 * 1024;
/// The largest preview video (40 MB).
pub const MAX_VIDEO_BYTES: usize = 40 * 1024 * 1024;
/// The largest preview tune (10 MB).
pub const MAX_AUDIO_BYTES: usize = 10 * 1024 * 1024;
/// The largest upload of any slot (the route's body limit).
pub const MAX_MEDIA_BYTES: usize = MAX_VIDEO_BYTES;

/// A slot of a template's preview media.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    Picture,
    Video,
    Audio,
}

impl Slot {
    /// `picture`, `video` or `audio`.
    pub fn parse(raw: &str) -> Result<Self, ApiError> {
        match raw {
            "picture" => Ok(Self::Picture),
            "video" => Ok(Self::Video),
            "audio" => Ok(Self::Audio),
            other => Err(ApiError::invalid(
                "slot",
                format!("{other:?} is not picture, video or audio"),
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Picture => "picture",
            Self::Video => "video",
            Self::Audio => "audio",
        }
    }

    fn max_bytes(self) -> usize {
        match self {
            Self::Picture => MAX_PICTURE_BYTES,
            Self::Video => MAX_VIDEO_BYTES,
            Self::Audio => MAX_AUDIO_BYTES,
        }
    }
}

/// The file extension of `bytes` when they are a file of `slot`'s types.
pub fn sniff(slot: Slot, bytes: &[u8]) -> Option<&'static str> {
    let at = |from: usize, magic: &[u8]| bytes.get(from..from + magic.len()) == Some(magic);
    match slot {
        Slot::Picture => match image::guess_format(bytes).ok()? {
            image::ImageFormat::Png => Some("png"),
            image::ImageFormat::Jpeg => Some("jpg"),
            image::ImageFormat::WebP => Some("webp"),
            _ => None,
        },
        Slot::Video if at(4, b"ftyp") => Some("mp4"),
        Slot::Video if at(0, &[0x1A, 0x45, 0xDF, 0xA3]) => Some("webm"),
        Slot::Audio if at(0, b"RIFF") && at(8, b"WAVE") => Some("wav"),
        Slot::Audio if at(0, b"OggS") => Some("ogg"),
        Slot::Audio
            if at(0, b"ID3")
                || (bytes.first() == Some(&0xFF)
                    && bytes.get(1).is_some_and(|b| b & 0xE0 == 0xE0)) =>
        {
            Some("mp3")
        }
        _ => None,
    }
}

/// The content type served for a file name's extension.
fn content_type(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, e)| e) {
        Some("png") => "image/png",
        Some("jpg") => "image/jpeg",
        Some("webp") => "image/webp",
        Some("mp4") => "video/mp4",
        Some("webm") => "video/webm",
        Some("wav") => "audio/wav",
        Some("ogg") => "audio/ogg",
        Some("mp3") => "audio/mpeg",
        _ => "application/octet-stream",
    }
}

/// Checks `bytes` for `slot` and stores them under a new key named after the item (`prefix`,
/// e.g. `tpl-7` or `explore-items-1420`, kept to letters, digits, `_` and `-`); answers the key
/// (`content/{prefix}-{slot}-{random}.{ext}`).
pub async fn store(
    state: &AppState,
    prefix: &str,
    slot: Slot,
    bytes: Bytes,
) -> Result<String, ApiError> {
    if bytes.is_empty() {
        return Err(ApiError::invalid("body", "the file is empty"));
    }
    if bytes.len() > slot.max_bytes() {
        return Err(ApiError::invalid(
            "body",
            format!(
                "a {} is at most {} MB",
                slot.name(),
                slot.max_bytes() / (1024 * 1024)
            ),
        ));
    }
    let ext = sniff(slot, &bytes).ok_or_else(|| {
        let kinds = match slot {
            Slot::Picture => "PNG, JPEG or WebP",
            Slot::Video => "MP4 or WebM",
            Slot::Audio => "MP3, WAV or Ogg",
        };
        ApiError::invalid("body", format!("a {} must be {kinds}", slot.name()))
    })?;
    let prefix: String = prefix
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
        .take(60)
        .collect();
    let key = format!(
        "content/{prefix}-{}-{}.{ext}",
        slot.name(),
        crate::ids::random_token(12)
    );
    state
        .files
        .put(&key, bytes)
        .await
        .map_err(ApiError::internal)?;
    Ok(key)
}

/// `GET /static/content/{name}`: an uploaded content file (cached a day: names never change).
pub async fn serve(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let key = format!("content/{name}");
    if !content_key_ok(&key) {
        return Err(ApiError::not_found("no such file"));
    }
    let bytes = match state.files.get(&key).await {
        Ok(b) => b,
        Err(object_store::Error::NotFound { .. }) => {
            return Err(ApiError::not_found("no such file"));
        }
        Err(e) => return Err(ApiError::internal(e)),
    };
    let mut res = (StatusCode::OK, bytes).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(&name)),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400, immutable"),
    );
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::{Slot, sniff};

    #[test]
    fn files_are_known_by_their_bytes() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        assert_eq!(sniff(Slot::Picture, png), Some("png"));
        assert_eq!(sniff(Slot::Video, png), None);
        assert_eq!(sniff(Slot::Picture, b"<svg></svg>"), None);
        assert_eq!(sniff(Slot::Video, b"\0\0\0\x18ftypmp42"), Some("mp4"));
        assert_eq!(sniff(Slot::Audio, b"RIFF\0\0\0\0WAVEfmt "), Some("wav"));
        assert_eq!(sniff(Slot::Audio, b"ID3\x04"), Some("mp3"));
        assert_eq!(sniff(Slot::Audio, b"hello"), None);
    }
}
