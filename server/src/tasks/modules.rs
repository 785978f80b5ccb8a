//! The server side of the task modules. The catalogue (codes, prices, fields, output media,
//! workflows) and the check of a task's `data` are core's (`aivg_core::tasks`); what is left
//! here needs the database: the uploaded files a task names (`file_path` or its alias
//! `oss_path`, `mask_path`, `audio_path`) must exist, be the user's and be of the field's media
//! kind (an image for `file_path`/`mask_path` where the row says image, a video, an audio file).

use crate::accounts::auth::AuthUser;
use crate::tasks::provider::ProviderError;
use crate::uploads::objects::{self, ObjectError, StoredObject};
use crate::uploads::paths;
pub use aivg_core::tasks::TaskModule;
use aivg_core::tasks::{FieldKind, FileRef, MAX_TASK_DURATION_S, MAX_TASK_TEXT_CHARS};
use serde_json::Value;
use sqlx::AnyPool;
use std::collections::BTreeMap;

/// The uploaded files of a task, by the catalogue's field name (`file_path`, `mask_path`,
/// `audio_path`).
pub type InputFiles = BTreeMap<&'static str, StoredObject>;

/// Why a task's `data` was refused (answered 400, or 404 for a file that is not the user's:
/// `http_errors.rs`). Every message names the field as sent (`data.prompt`).
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("{field}: {problem}")]
    Invalid { field: String, problem: String },
    /// A file of another media kind than the field's ([`check_kind`]'s message).
    #[error("{0}")]
    WrongKind(String),
    #[error(transparent)]
    Object(#[from] ObjectError),
}

impl InputError {
    fn invalid(field: &str, problem: impl std::fmt::Display) -> Self {
        Self::Invalid {
            field: field.to_owned(),
            problem: problem.to_string(),
        }
    }
}

/// The module of a code (exact, codes are case-sensitive: `txt2Music`).
pub fn find(code: &str) -> Option<&'static TaskModule> {
    aivg_core::tasks::task_module(code)
}

/// Longest prompt accepted, characters (core's limit of every task text).
pub const MAX_PROMPT_CHARS: usize = MAX_TASK_TEXT_CHARS as usize;
/// Longest duration of any task, seconds (core's).
pub const MAX_DURATION_S: i64 = MAX_TASK_DURATION_S as i64;

/// A string field of `data` (absent or null as empty); another type is a 400 naming it.
pub fn text_field<'a>(data: &'a Value, field: &str) -> Result<&'a str, InputError> {
    match data.get(field) {
        None | Some(Value::Null) => Ok(""),
        Some(Value::String(s)) => Ok(s.as_str()),
        Some(_) => Err(InputError::invalid(
            &format!("data.{field}"),
            "must be a string",
        )),
    }
}

fn a_kind(kind: &str) -> &'static str {
    match kind {
        "image" => "an image",
        "video" => "a video",
        "audio" => "an audio file",
        _ => "a file",
    }
}

/// Checks that a stored file is of the media kind a field wants; the error names the field.
fn check_kind(obj: &StoredObject, field: &str, kind: &str) -> Result<(), String> {
    let got = paths::media_kind(&obj.content_type);
    if got == kind {
        Ok(())
    } else {
        Err(format!(
            "{field}: must be {}, but {} is {}",
            a_kind(kind),
            obj.oss_path,
            obj.content_type
        ))
    }
}

/// The uploaded file named by `data.file_path` (or `data.oss_path`), of the given media kind
/// (`image`, `video`, `audio`). Used by the instant algorithms and the prompt helpers.
pub async fn input_file(
    pool: &AnyPool,
    user: &AuthUser,
    data: &Value,
    kind: &str,
) -> Result<StoredObject, InputError> {
    let (field, raw) = match (
        text_field(data, "file_path")?,
        text_field(data, "oss_path")?,
    ) {
        (f, _) if !f.trim().is_empty() => ("data.file_path", f),
        (_, o) if !o.trim().is_empty() => ("data.oss_path", o),
        _ => {
            return Err(InputError::invalid(
                "data.file_path",
                format!("required: the oss_path of an uploaded {kind}"),
            ));
        }
    };
    owned_of_kind(pool, user, raw, field, kind).await
}

async fn owned_of_kind(
    pool: &AnyPool,
    user: &AuthUser,
    raw: &str,
    field: &str,
    kind: &str,
) -> Result<StoredObject, InputError> {
    let obj = objects::owned(pool, (user.id, &user.uid), raw, field).await?;
    check_kind(&obj, field, kind).map_err(InputError::WrongKind)?;
    Ok(obj)
}

fn media_of(kind: FieldKind) -> &'static str {
    kind.media().unwrap_or("file")
}

/// Checks `data` for the module (core's rules) and resolves the files it names; answers them by
/// field name, or a 400/404 naming the field as sent (`data.prompt`, `data.oss_path`).
pub async fn validate(
    pool: &AnyPool,
    user: &AuthUser,
    module: &TaskModule,
    data: &Value,
) -> Result<InputFiles, InputError> {
    let refs = aivg_core::tasks::check_task_data(module, data)
        .map_err(|e| InputError::invalid(&e.field, e.message))?;
    let mut files = InputFiles::new();
    for r in refs {
        let field = format!("data.{}", r.sent_as);
        let obj = owned_of_kind(pool, user, &r.path, &field, media_of(r.kind)).await?;
        files.insert(r.field, obj);
    }
    Ok(files)
}

/// The files of a queued task, resolved again when it runs: each must still exist, be the task
/// owner's and of its field's kind (a file deleted since the task was accepted fails the run).
pub async fn job_inputs(
    pool: &AnyPool,
    user_id: i64,
    module: &TaskModule,
    data: &Value,
) -> Result<InputFiles, ProviderError> {
    let refs = aivg_core::tasks::check_task_data(module, data)
        .map_err(|e| ProviderError::new(e.to_string()))?;
    let mut files = InputFiles::new();
    for FileRef {
        field,
        sent_as,
        path,
        kind,
    } in refs
    {
        let path = paths::normalise(&path).unwrap_or_default();
        match objects::find(pool, &path).await {
            Ok(Some(obj)) if obj.user_id == user_id => {
                check_kind(&obj, &format!("data.{sent_as}"), media_of(kind))
                    .map_err(ProviderError::new)?;
                files.insert(field, obj);
            }
            Ok(_) => {
                return Err(ProviderError::new(format!(
                    "data.{sent_as}: the input file was deleted"
                )));
            }
            Err(e) => {
                return Err(ProviderError::new(format!(
                    "the input file could not be read ({e})"
                )));
            }
        }
    }
    Ok(files)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::panic, clippy::unwrap_used)]
mod tests {
    use super::*;

    fn obj(content_type: &str) -> StoredObject {
        StoredObject {
            user_id: 1,
            oss_path: "u/x".into(),
            origin: "upload".into(),
            task_id: String::new(),
            size: 1,
            content_type: content_type.into(),
        }
    }

    #[test]
    fn media_kinds_are_checked_with_the_field_named() {
        assert!(check_kind(&obj("image/png"), "data.mask_path", "image").is_ok());
        let e = check_kind(&obj("video/mp4"), "data.audio_path", "audio").unwrap_err();
        assert!(
            e.starts_with("data.audio_path: must be an audio file"),
            "{e}"
        );
        assert_eq!(media_of(FieldKind::Mask), "image");
        assert_eq!(media_of(FieldKind::Audio), "audio");
    }

    #[test]
    fn codes_come_from_core() {
        assert_eq!(find("txt2Music").map(|m| m.code), Some("txt2Music"));
        assert!(find("txt2music").is_none());
        assert_eq!(MAX_PROMPT_CHARS, 2000);
    }
}
