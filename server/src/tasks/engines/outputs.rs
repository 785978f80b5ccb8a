//! The files an engine named in its answer, downloaded into [`Output`]s: ComfyUI's history entry
//! and fal's result both come down to a list of named files, of which those of the module's media
//! are kept (a workflow that also saves a preview image of a video gives the video). The media
//! type is the one the engine declared, else the one the file is served with; width and height
//! come from an image's header, or from ffprobe for video (and the duration of video and audio;
//! WAV without ffprobe).

use crate::tasks::provider::Output;
use crate::uploads::storage::Files;
use crate::uploads::{mediainfo, paths};
use aivg_core::tasks::Media;
use bytes::Bytes;

/// A file an engine named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named<S> {
    /// What the engine's download takes (ComfyUI's file reference, fal's URL).
    pub source: S,
    /// The declared content type; empty when unknown (then the served one counts).
    pub content_type: String,
    /// The extension of the file's own name (empty when none).
    pub ext: String,
    /// How the file is listed when no file of the module's media came; empty: by its type.
    pub label: String,
}

/// `image`, `video` or `audio`.
fn media_name(m: Media) -> &'static str {
    match m {
        Media::Image => "image",
        Media::Video => "video",
        Media::Audio => "audio",
    }
}

/// Width, height and duration of a fetched file of `kind`.
async fn measure(files: &Files, kind: &str, ext: &str, bytes: &Bytes) -> (u32, u32, f64) {
    if kind == "image" {
        let (w, h) = mediainfo::image_dimensions(bytes).unwrap_or((0, 0));
        return (w, h, 0.0);
    }
    if ext == "wav"
        && let Some(d) = mediainfo::wav_duration(bytes)
    {
        return (0, 0, d);
    }
    let Ok(scratch) = files.scratch_file(ext).await else {
        return (0, 0, 0.0);
    };
    if tokio::fs::write(&scratch.path, bytes).await.is_err() {
        return (0, 0, 0.0);
    }
    match mediainfo::probe_file(&files.ffprobe, &scratch.path).await {
        Ok(p) => (p.width, p.height, p.duration),
        Err(note) => {
            tracing::debug!("engine output: {note}");
            (0, 0, 0.0)
        }
    }
}

/// The stored extension: the file's own when it names its type, else the type's usual one.
fn ext_for(named_ext: &str, content_type: &str) -> String {
    if paths::content_type_for_ext(named_ext) == Some(content_type) {
        return named_ext.to_owned();
    }
    paths::ext_for_content_type(content_type).map_or_else(|| named_ext.to_owned(), str::to_owned)
}

/// Downloads the first `limit` files of `named` that are of `media` with `download` (bytes and
/// the served content type). When none is, `nothing(media's name, the others listed)` is the
/// error.
pub async fn collect<S, E, F>(
    named: Vec<Named<S>>,
    media: Media,
    files: &Files,
    limit: usize,
    mut download: impl FnMut(S) -> F,
    nothing: impl FnOnce(&'static str, String) -> E,
) -> Result<Vec<Output>, E>
where
    F: Future<Output = Result<(Bytes, Option<String>), E>>,
{
    let want = media_name(media);
    let mut out = Vec::new();
    let mut others = Vec::new();
    for n in named {
        if out.len() >= limit {
            break;
        }
        let label = |ct: &str| {
            if n.label.is_empty() {
                ct.to_owned()
            } else {
                n.label.clone()
            }
        };
        if !n.content_type.is_empty() && paths::media_kind(&n.content_type) != want {
            others.push(label(&n.content_type));
            continue;
        }
        let (bytes, served) = download(n.source).await?;
        let content_type = if n.content_type.is_empty() {
            served.unwrap_or_default()
        } else {
            n.content_type
        };
        if paths::media_kind(&content_type) != want {
            others.push(label(&content_type));
            continue;
        }
        let ext = ext_for(&n.ext, &content_type);
        let (width, height, duration) = measure(files, want, &ext, &bytes).await;
        out.push(Output {
            bytes,
            ext,
            content_type,
            width,
            height,
            duration,
        });
    }
    if out.is_empty() {
        let saw = if others.is_empty() {
            "no file".to_owned()
        } else {
            others.join(", ")
        };
        return Err(nothing(want, saw));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    fn env() -> (tempfile::TempDir, Files) {
        let dir = tempfile::tempdir().unwrap();
        let cfg = crate::config::Config::for_tests(dir.path().to_path_buf());
        let files = Files::new(&cfg, b"secret");
        (dir, files)
    }

    fn png() -> Bytes {
        let frame = crate::tasks::local::preview::frame(6, 4, 1, 0.0);
        crate::tasks::local::preview::png(&frame, 6, 4)
            .unwrap()
            .into()
    }

    fn named(source: &str, content_type: &str, ext: &str, label: &str) -> Named<String> {
        Named {
            source: source.into(),
            content_type: content_type.into(),
            ext: ext.into(),
            label: label.into(),
        }
    }

    /// Serves `png()` as image/png for every source; remembers what was asked.
    fn serve(
        asked: &RefCell<Vec<String>>,
    ) -> impl FnMut(String) -> std::future::Ready<Result<(Bytes, Option<String>), String>> {
        |s| {
            asked.borrow_mut().push(s);
            std::future::ready(Ok((png(), Some("image/png".into()))))
        }
    }

    #[tokio::test]
    async fn files_of_the_modules_media_are_downloaded_and_measured() {
        let (_dir, files) = env();
        let asked = RefCell::new(Vec::new());
        let list = vec![
            named("a.mp4", "video/mp4", "mp4", "a.mp4"),
            named("b.jpeg", "image/jpeg", "jpeg", ""),
            named("c", "", "", ""),
            named("d.png", "image/png", "png", ""),
        ];
        let out = collect(list, Media::Image, &files, 2, serve(&asked), |_, _| {
            "nothing".to_owned()
        })
        .await
        .unwrap();
        assert_eq!(
            asked.into_inner(),
            ["b.jpeg", "c"],
            "the video is skipped, the limit holds"
        );
        let got: Vec<(&str, &str, u32, u32)> = out
            .iter()
            .map(|o| (o.ext.as_str(), o.content_type.as_str(), o.width, o.height))
            .collect();
        // The file's own extension when it names its type; the served type's when it has none.
        assert_eq!(
            got,
            [("jpeg", "image/jpeg", 6, 4), ("png", "image/png", 6, 4)]
        );
    }

    #[tokio::test]
    async fn no_file_of_the_media_lists_what_came() {
        let (_dir, files) = env();
        let asked = RefCell::new(Vec::new());
        let list = vec![
            named("a.mp4", "video/mp4", "mp4", "a.mp4"),
            named("u", "", "", ""),
        ];
        let e = collect(list, Media::Audio, &files, 4, serve(&asked), |want, saw| {
            format!("no {want}: {saw}")
        })
        .await
        .unwrap_err();
        // The served type of an undeclared file counts too.
        assert_eq!(e, "no audio: a.mp4, image/png");
        let e = collect(
            Vec::new(),
            Media::Video,
            &files,
            4,
            serve(&asked),
            |want, saw| format!("no {want}: {saw}"),
        )
        .await
        .unwrap_err();
        assert_eq!(e, "no video: no file");
    }
}
