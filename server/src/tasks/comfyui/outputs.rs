//! The files of a finished prompt, fetched with `GET /view` into [`Output`]s
//! ([`engines::outputs`](crate::tasks::engines::outputs)): the media type from the file's
//! extension, and only files of the module's media count.

use super::answers;
use super::client::Client;
use super::run::RunError;
use crate::tasks::engines::outputs::{Named, collect};
use crate::tasks::provider::Output;
use crate::uploads::paths;
use crate::uploads::storage::Files;
use aivg_core::tasks::Media;
use serde_json::Value;

/// Fetches the outputs of `entry` that are of `media`.
pub async fn fetch(
    client: &Client,
    entry: &Value,
    media: Media,
    files: &Files,
) -> Result<Vec<Output>, RunError> {
    let named = answers::output_files(entry)
        .into_iter()
        .map(|f| {
            let ext = paths::ext_of(&f.filename);
            let content_type = paths::content_type_for_ext(&ext)
                .unwrap_or("application/octet-stream")
                .to_owned();
            Named {
                label: f.filename.clone(),
                content_type,
                ext,
                source: f,
            }
        })
        .collect();
    collect(
        named,
        media,
        files,
        usize::MAX,
        |f| async move { Ok::<_, RunError>((client.view(&f).await?, None)) },
        |want, saw| {
            RunError::Failed(format!(
                "ComfyUI finished without any {want} output (it saved {saw}); check the workflow's save node"
            ))
        },
    )
    .await
}
