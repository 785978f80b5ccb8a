//! Object paths and media types.
//!
//! Every object lives under `users/{uid}/`: uploads at `users/{uid}/uploads/{algorithm}/{random}[.ext]`,
//! task outputs at `users/{uid}/outputs/{task_id}/{n}.{ext}`. Paths are made here, so they only
//! hold `[A-Za-z0-9_.-]` segments and never need escaping in a URL.

/// Media types the store serves under their own type; anything else is served as a download.
const MEDIA_TYPES: [(&str, &str); 20] = [
    ("png", "image/png"),
    ("jpg", "image/jpeg"),
    ("jpeg", "image/jpeg"),
    ("webp", "image/webp"),
    ("gif", "image/gif"),
    ("bmp", "image/bmp"),
    ("heic", "image/heic"),
    ("avif", "image/avif"),
    ("mp4", "video/mp4"),
    ("mov", "video/quicktime"),
    ("webm", "video/webm"),
    ("mkv", "video/x-matroska"),
    ("avi", "video/x-msvideo"),
    ("m4v", "video/x-m4v"),
    ("mp3", "audio/mpeg"),
    ("wav", "audio/wav"),
    ("m4a", "audio/mp4"),
    ("aac", "audio/aac"),
    ("ogg", "audio/ogg"),
    ("flac", "audio/flac"),
];

/// The content type of a file extension (case-insensitive), for the media types above.
pub fn content_type_for_ext(ext: &str) -> Option<&'static str> {
    let ext = ext.to_ascii_lowercase();
    MEDIA_TYPES.iter().find(|(e, _)| *e == ext).map(|(_, t)| *t)
}

/// The usual extension of a media content type (parameters after `;` ignored).
pub fn ext_for_content_type(content_type: &str) -> Option<&'static str> {
    let ct = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    MEDIA_TYPES.iter().find(|(_, t)| *t == ct).map(|(e, _)| *e)
}

/// `image`, `video`, `audio` or `file`, from the content type.
pub fn media_kind(content_type: &str) -> &'static str {
    match content_type.split('/').next().unwrap_or_default() {
        "image" => "image",
        "video" => "video",
        "audio" => "audio",
        _ => "file",
    }
}

/// The extension of a path's last segment, lower-cased (empty when none).
pub fn ext_of(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or_default();
    name.rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default()
}

/// Whether `path` is a well-formed object path: segments of `[A-Za-z0-9_.-]`, none empty, `.`
/// or `..`, at most 512 characters.
pub fn valid_path(path: &str) -> bool {
    path.len() <= 512
        && !path.is_empty()
        && path.split('/').all(|seg| {
            !seg.is_empty()
                && seg != "."
                && seg != ".."
                && seg
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
        })
}

/// The prefix of every object of a user.
pub fn user_prefix(uid: &str) -> String {
    format!("users/{uid}/")
}

/// A new upload path of a user for an algorithm.
pub fn upload_path(uid: &str, algorithm: &str, ext: Option<&str>) -> String {
    let name = crate::ids::random_token(20);
    match ext {
        Some(ext) => format!("users/{uid}/uploads/{algorithm}/{name}.{ext}"),
        None => format!("users/{uid}/uploads/{algorithm}/{name}"),
    }
}

/// The path of a task's `n`-th output.
pub fn output_path(uid: &str, task_id: &str, n: usize, ext: &str) -> String {
    format!("users/{uid}/outputs/{task_id}/{n}.{ext}")
}

/// An object path from what a client sends: the path itself, or a URL of ours
/// (`…/oss/file/{path}?…`), with an optional leading `/`. `None` when malformed.
pub fn normalise(raw: &str) -> Option<String> {
    let raw = raw.trim();
    let path = match raw.split_once("/oss/file/") {
        Some((_, rest)) => rest.split(['?', '#']).next().unwrap_or_default(),
        None => raw.trim_start_matches('/'),
    };
    valid_path(path).then(|| path.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_checked_and_normalised() {
        assert!(valid_path("users/abc/uploads/text2image/x1.png"));
        assert!(!valid_path("users/../etc/passwd"));
        assert!(!valid_path("users//a"));
        assert!(!valid_path("users/a b"));
        assert!(!valid_path(""));
        assert_eq!(
            normalise("/users/a/b.png").as_deref(),
            Some("users/a/b.png")
        );
        assert_eq!(
            normalise("http://h:1/oss/file/users/a/b.png?expires=1&sig=2").as_deref(),
            Some("users/a/b.png")
        );
        assert_eq!(normalise("users/a/../b"), None);
        assert_eq!(ext_of("users/a/b.PNG"), "png");
        assert_eq!(ext_of("users/a.b/c"), "");
        assert_eq!(content_type_for_ext("JPG"), Some("image/jpeg"));
        assert_eq!(ext_for_content_type("audio/wav; x=1"), Some("wav"));
        assert_eq!(media_kind("video/mp4"), "video");
    }
}
