//! The files of a fal result, downloaded into [`Output`]s (a hosted URL expires, so the worker
//! stores the bytes in our object store like any other output).
//!
//! fal's models answer their files as `File` objects (`{url, content_type, file_name, width,
//! height}`) under names that differ by model (`images`, `image`, `video`, `audio`,
//! `audio_file`): every object with a `url` is a candidate, in the order of the answer, and
//! those of the module's media are kept ([`engines::outputs`](crate::tasks::engines::outputs)).
//! The media type comes from the object's `content_type`, else the URL's extension, else the
//! type the file is served with.

use super::client::{Client, FalError};
use crate::tasks::engines::outputs::{Named as File, collect};
use crate::tasks::provider::Output;
use crate::uploads::paths;
use crate::uploads::storage::Files;
use aivg_core::tasks::Media;
use serde_json::Value;

/// More files than this in one answer are left out (a model answering a list).
pub const MAX_OUTPUTS: usize = 4;

/// A file named in a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub url: String,
    /// The declared content type, or the one of the URL's extension (empty when unknown).
    pub content_type: String,
}

fn ext_of_url(url: &str) -> String {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    paths::ext_of(path)
}

/// Every file object of a result, depth first in the answer's order.
pub fn named_files(result: &Value) -> Vec<Named> {
    let mut out = Vec::new();
    walk(result, &mut out);
    out
}

fn walk(v: &Value, out: &mut Vec<Named>) {
    match v {
        Value::Object(map) => {
            if let Some(url) = map.get("url").and_then(Value::as_str) {
                let declared = map
                    .get("content_type")
                    .and_then(Value::as_str)
                    .filter(|c| c.contains('/'))
                    .map(|c| c.split(';').next().unwrap_or(c).trim().to_ascii_lowercase());
                let content_type = declared
                    .or_else(|| paths::content_type_for_ext(&ext_of_url(url)).map(str::to_owned))
                    .unwrap_or_default();
                out.push(Named {
                    url: url.to_owned(),
                    content_type,
                });
                return;
            }
            for child in map.values() {
                walk(child, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
        _ => {}
    }
}

/// Downloads the files of `result` that are of `media`.
pub async fn fetch(
    client: &Client,
    result: &Value,
    media: Media,
    files: &Files,
) -> Result<Vec<Output>, FalError> {
    let named = named_files(result)
        .into_iter()
        .map(|n| File {
            ext: ext_of_url(&n.url),
            content_type: n.content_type,
            label: String::new(),
            source: n.url,
        })
        .collect();
    collect(
        named,
        media,
        files,
        MAX_OUTPUTS,
        |url| async move { client.download(&url).await },
        |want, saw| {
            FalError::Refused(format!(
                "fal.ai finished without any {want} output (it answered {saw})"
            ))
        },
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn files_are_found_wherever_the_model_puts_them() {
        let r = json!({
            "images": [{"url": "https://v3.fal.media/a.png", "width": 8, "height": 8, "content_type": "image/png"}],
            "seed": 4,
            "video": {"url": "https://v3.fal.media/b.mp4?x=1"},
            "audio_file": {"url": "https://v3.fal.media/c", "content_type": "audio/wav"},
        });
        let found = named_files(&r);
        assert_eq!(found.len(), 3);
        let types: Vec<&str> = found.iter().map(|n| n.content_type.as_str()).collect();
        assert!(types.contains(&"image/png"));
        assert!(types.contains(&"video/mp4"));
        assert!(types.contains(&"audio/wav"));
        assert!(named_files(&json!({"prompt": "x"})).is_empty());
    }
}
