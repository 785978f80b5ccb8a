//! Checks a task's `data` against its module's row (docs/behaviour/tasks-and-queue.md#task-inputs
//! for the music texts; the rest decided in [`super::catalogue`]). Pure: the server resolves the
//! files named here.

use super::catalogue::{
    FieldKind, MAX_TASK_DURATION_S, MAX_TASK_TEXT_CHARS, Need, PROMPT_STYLE_FIELD, TaskModule,
};
use crate::Coded;
use crate::ui::{trimmed_length, validate_music_prompt, validate_song_lyrics};
use serde_json::Value;

/// A field of `data` that is wrong; `field` is its path as sent (`data.prompt`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct TaskInputError {
    pub field: String,
    pub message: String,
}

impl Coded for TaskInputError {
    fn code(&self) -> &'static str {
        "invalid_task_input"
    }
}

fn bad(field: &str, message: impl Into<String>) -> TaskInputError {
    TaskInputError {
        field: format!("data.{field}"),
        message: message.into(),
    }
}

/// An uploaded file a task names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRef {
    /// The catalogue's field name (`file_path`, `mask_path`, `audio_path`).
    pub field: &'static str,
    /// The name it was sent under (`oss_path` is accepted for `file_path`).
    pub sent_as: &'static str,
    /// The path or URL as sent.
    pub path: String,
    pub kind: FieldKind,
}

/// A string field (absent or null reads as empty); another type is an error naming it.
fn text<'a>(data: &'a Value, name: &str) -> Result<&'a str, TaskInputError> {
    match data.get(name) {
        None | Some(Value::Null) => Ok(""),
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(bad(name, "must be a string")),
    }
}

/// The names a field may be sent under.
fn aliases(name: &'static str) -> &'static [&'static str] {
    match name {
        "file_path" => &["file_path", "oss_path"],
        "mask_path" => &["mask_path"],
        "audio_path" => &["audio_path"],
        "file_path_2" => &["file_path_2"],
        _ => &[],
    }
}

/// The first non-empty alias of a file field, with its value.
fn file_value(
    data: &Value,
    name: &'static str,
) -> Result<Option<(&'static str, String)>, TaskInputError> {
    for alias in aliases(name) {
        let v = text(data, alias)?;
        if v.chars().count() > MAX_TASK_TEXT_CHARS as usize {
            return Err(bad(
                alias,
                format!("too long: at most {MAX_TASK_TEXT_CHARS} characters"),
            ));
        }
        if !v.trim().is_empty() {
            return Ok(Some((alias, v.trim().to_owned())));
        }
    }
    Ok(None)
}

fn what(kind: FieldKind) -> &'static str {
    match kind {
        FieldKind::Prompt => "describe what to make",
        FieldKind::MusicPrompt => "describe the music",
        FieldKind::Lyrics => "the song's lyrics",
        FieldKind::Speech => "the words to speak",
        FieldKind::Image => "the oss_path of an uploaded image",
        FieldKind::Video => "the oss_path of an uploaded video",
        FieldKind::Audio => "the oss_path of an uploaded audio file",
        FieldKind::Mask => "the oss_path of the painted mask (a PNG, white = the area to change)",
    }
}

fn check_text(name: &str, kind: FieldKind, value: &str) -> Result<(), TaskInputError> {
    match kind {
        FieldKind::MusicPrompt => {
            validate_music_prompt(value).map_err(|e| bad(name, e.to_string()))?;
        }
        FieldKind::Lyrics => {
            validate_song_lyrics(value).map_err(|e| bad(name, e.to_string()))?;
        }
        _ => {}
    }
    if u32::try_from(value.chars().count()).unwrap_or(u32::MAX) > MAX_TASK_TEXT_CHARS {
        return Err(bad(
            name,
            format!("too long: at most {MAX_TASK_TEXT_CHARS} characters"),
        ));
    }
    Ok(())
}

/// The duration a task asks for, checked against the module (absent: the module's default, or
/// `None` for modules without one). Whole seconds as a number or a numeric string.
pub fn task_duration(module: &TaskModule, data: &Value) -> Result<Option<u32>, TaskInputError> {
    let sent = match data.get("duration") {
        None | Some(Value::Null) => None,
        Some(v) => {
            let n = v
                .as_u64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
                .and_then(|n| u32::try_from(n).ok());
            Some(n.ok_or_else(|| {
                bad(
                    "duration",
                    format!("must be a whole number of seconds from 1 to {MAX_TASK_DURATION_S}"),
                )
            })?)
        }
    };
    let Some(rule) = module.duration else {
        // Modules without a length accept (and ignore) any sensible one.
        return match sent {
            Some(n) if !(1..=MAX_TASK_DURATION_S).contains(&n) => Err(bad(
                "duration",
                format!("must be a whole number of seconds from 1 to {MAX_TASK_DURATION_S}"),
            )),
            _ => Ok(None),
        };
    };
    let Some(n) = sent else {
        return Ok(Some(rule.default));
    };
    if !rule.choices.is_empty() && !rule.choices.contains(&n) {
        let list: Vec<String> = rule.choices.iter().map(u32::to_string).collect();
        return Err(bad(
            "duration",
            format!("must be one of {} seconds", list.join(", ")),
        ));
    }
    if !(rule.min..=rule.max).contains(&n) {
        return Err(bad(
            "duration",
            format!(
                "must be a whole number of seconds from {} to {}",
                rule.min, rule.max
            ),
        ));
    }
    Ok(Some(n))
}

/// Checks `data` for the module and answers the uploaded files it names, in the row's order.
/// Errors name the field as sent (`data.prompt`) and say what is wanted.
pub fn check_task_data(module: &TaskModule, data: &Value) -> Result<Vec<FileRef>, TaskInputError> {
    if !data.is_object() {
        return Err(TaskInputError {
            field: "data".into(),
            message: "must be an object with the task's fields".into(),
        });
    }
    super::options::check_task_names(module, data)?;
    let ratio = text(data, "aspect_ratio")?;
    if !ratio.trim().is_empty() {
        crate::crop::aspect_ratio_size(ratio).map_err(|e| bad("aspect_ratio", e.to_string()))?;
    }
    task_duration(module, data)?;
    let style = text(data, PROMPT_STYLE_FIELD)?.trim();
    if !style.is_empty()
        && !module.prompt_styles.is_empty()
        && !module.prompt_styles.iter().any(|s| s.id == style)
    {
        let ids: Vec<&str> = module.prompt_styles.iter().map(|s| s.id).collect();
        return Err(bad(
            PROMPT_STYLE_FIELD,
            format!("unknown style {style:?}: use one of {}", ids.join(", ")),
        ));
    }
    let mut files = Vec::new();
    let mut one_of_seen = false;
    for field in module.fields {
        if field.kind.is_file() {
            match file_value(data, field.name)? {
                Some((sent_as, path)) => {
                    one_of_seen |= field.need == Need::OneOf;
                    files.push(FileRef {
                        field: field.name,
                        sent_as,
                        path,
                        kind: field.kind,
                    });
                }
                None if field.need == Need::Required => {
                    return Err(bad(field.name, format!("required: {}", what(field.kind))));
                }
                None => {}
            }
            continue;
        }
        let value = text(data, field.name)?;
        if trimmed_length(value) == 0 {
            if field.need == Need::Required {
                return Err(bad(field.name, format!("required: {}", what(field.kind))));
            }
            continue;
        }
        one_of_seen |= field.need == Need::OneOf;
        check_text(field.name, field.kind, value)?;
    }
    let one_of: Vec<&str> = module
        .fields
        .iter()
        .filter(|f| f.need == Need::OneOf)
        .map(|f| f.name)
        .collect();
    if let Some(first) = one_of.first().filter(|_| !one_of_seen) {
        return Err(bad(
            first,
            format!("required: send {}", one_of.join(" or ")),
        ));
    }
    Ok(files)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::tasks::task_module;
    use serde_json::json;

    fn check(code: &str, data: Value) -> Result<Vec<FileRef>, TaskInputError> {
        check_task_data(task_module(code).unwrap(), &data)
    }

    #[test]
    fn a_prompt_style_is_one_of_the_module_s() {
        let video = json!({"file_path": "u/1/a.mp4", "prompt_style": "retro"});
        assert!(check("video2anime", video).is_ok());
        let err = check(
            "video2anime",
            json!({"file_path": "u/1/a.mp4", "prompt_style": "oil"}),
        )
        .unwrap_err();
        assert_eq!(err.field, "data.prompt_style");
        assert!(err.message.contains("classic"), "{}", err.message);
    }

    #[test]
    fn fields_are_checked_by_kind() {
        assert_eq!(
            check("text2image", json!({})).unwrap_err().field,
            "data.prompt"
        );
        assert!(
            check("text2image", json!({"prompt": "a cat"}))
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            check("txt2Music", json!({"prompt": "short"}))
                .unwrap_err()
                .field,
            "data.prompt"
        );
        assert_eq!(
            check("txt2Song", json!({"lyrics": "la la"}))
                .unwrap_err()
                .field,
            "data.lyrics"
        );
        assert!(
            check(
                "txt2Song",
                json!({"lyrics": "la la la under the moon", "prompt": "pop"})
            )
            .is_ok()
        );
        let files = check(
            "photomaker_imagefix",
            json!({"oss_path": "a.png", "mask_path": "m.png"}),
        )
        .unwrap();
        assert_eq!(files.len(), 2);
        assert_eq!(files[0].sent_as, "oss_path");
        assert_eq!(files[1].kind, FieldKind::Mask);
        assert_eq!(
            check("photomaker_imagefix", json!({"file_path": "a.png"}))
                .unwrap_err()
                .field,
            "data.mask_path"
        );
        assert_eq!(
            check("combo_alg", json!({})).unwrap_err().field,
            "data.prompt"
        );
        assert_eq!(
            check("combo_alg", json!({"file_path": "a.png"}))
                .unwrap()
                .len(),
            1
        );
        assert_eq!(
            check("text2image", json!({"prompt": 3})).unwrap_err().field,
            "data.prompt"
        );
        assert_eq!(check("text2image", json!([])).unwrap_err().field, "data");
    }

    #[test]
    fn durations_follow_the_row() {
        let t2v = task_module("text2video").unwrap();
        assert_eq!(task_duration(t2v, &json!({})).unwrap(), Some(5));
        assert_eq!(
            task_duration(t2v, &json!({"duration": "10"})).unwrap(),
            Some(10)
        );
        assert!(task_duration(t2v, &json!({"duration": 7})).is_err());
        let music = task_module("txt2Music").unwrap();
        assert_eq!(task_duration(music, &json!({})).unwrap(), Some(30));
        assert_eq!(
            task_duration(music, &json!({"duration": 3})).unwrap(),
            Some(3)
        );
        assert!(task_duration(music, &json!({"duration": 999})).is_err());
        let img = task_module("text2image").unwrap();
        assert_eq!(task_duration(img, &json!({"duration": 4})).unwrap(), None);
        assert!(task_duration(img, &json!({"duration": -1})).is_err());
    }
}
