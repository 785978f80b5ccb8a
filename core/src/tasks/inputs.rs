//! Checks a task's `data` against its module's row (docs/behaviour/tasks-and-queue.md#task-inputs
//! for the music texts; the rest decided in [`super::catalogue`]). Pure: the server resolves the
//! files named here.
//!
//! Each refusal is a [`InputProblem`]: a stable `kind` with its numbers, which the app translates
//! (docs/behaviour/calls-and-errors.md#messages), and an English sentence for people, which the
//! server answers after the field's name.

use super::catalogue::{
    FieldKind, MAX_TASK_DURATION_S, MAX_TASK_TEXT_CHARS, Need, PROMPT_STYLE_FIELD, TaskModule,
};
use crate::Coded;
use crate::ui::{MIN_PROMPT_CHARS, trimmed_length, validate_music_prompt, validate_song_lyrics};
use serde::Serialize;
use serde_json::Value;

/// A field of `data` that is wrong; `field` is its path as sent (`data.prompt`), `message` the
/// problem's English sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct TaskInputError {
    pub field: String,
    pub message: String,
    pub problem: InputProblem,
}

impl Coded for TaskInputError {
    fn code(&self) -> &'static str {
        "invalid_task_input"
    }
}

/// What is wrong with a field, as `{kind, ...numbers}` (serialised for the app, which shows its
/// translation of `kind` filled with the numbers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum InputProblem {
    /// `data` is not an object: a client's mistake, not the visitor's.
    #[error("The task could not be read. Reload the page and try again.")]
    NotAnObject,
    /// A field sent as something other than text.
    #[error("This field must be text.")]
    NotText,
    /// A field the module needs is empty.
    #[error("{}", required_text(*what))]
    Required { what: FieldKind },
    /// None of the module's one-of fields is filled; `what` is the first of them.
    #[error("{}", required_text(*what))]
    RequiredOneOf { what: FieldKind },
    /// A text over [`MAX_TASK_TEXT_CHARS`].
    #[error("This text is too long: use at most {max} characters.")]
    TooLong { max: u32 },
    /// A music prompt or lyrics under [`MIN_PROMPT_CHARS`] after trimming.
    #[error("Write at least {min} characters (now {count}).")]
    TooShort { min: u32, count: u32 },
    /// A length that is not a whole number of seconds in the range.
    #[error("Choose a length from {min} to {max} seconds.")]
    DurationRange { min: u32, max: u32 },
    /// A length that is not one of the module's choices (`choices`: "5, 10").
    #[error("Choose one of these lengths: {choices} seconds.")]
    DurationChoice { choices: String },
    /// A style the module does not offer.
    #[error("Choose one of the styles offered.")]
    UnknownStyle,
    /// An aspect ratio the site does not offer.
    #[error("Choose one of the aspect ratios offered.")]
    UnknownRatio,
    /// A field the module does not take, or an option of the wrong type or size
    /// (core/src/tasks/options.rs): a program's mistake, never one the site's form makes, so its
    /// text names the field's rule for the program's author.
    #[error("{detail}")]
    NotAccepted { detail: String },
}

/// The English request for an empty field of a kind (the app has its translations under
/// `create:field.required.<kind>`).
fn required_text(kind: FieldKind) -> &'static str {
    match kind {
        FieldKind::Prompt => "Describe what to make.",
        FieldKind::MusicPrompt => "Describe the music.",
        FieldKind::Lyrics => "Write the song's lyrics.",
        FieldKind::Speech => "Type the words to speak.",
        FieldKind::Image => "Upload an image.",
        FieldKind::Video => "Upload a video.",
        FieldKind::Audio => "Upload an audio file.",
        FieldKind::Mask => "Paint the area to change.",
    }
}

pub(super) fn bad(field: &str, problem: InputProblem) -> TaskInputError {
    TaskInputError {
        field: format!("data.{field}"),
        message: problem.to_string(),
        problem,
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
        Some(_) => Err(bad(name, InputProblem::NotText)),
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
                InputProblem::TooLong {
                    max: MAX_TASK_TEXT_CHARS,
                },
            ));
        }
        if !v.trim().is_empty() {
            return Ok(Some((alias, v.trim().to_owned())));
        }
    }
    Ok(None)
}

fn check_text(name: &str, kind: FieldKind, value: &str) -> Result<(), TaskInputError> {
    let too_short = |count| {
        bad(
            name,
            InputProblem::TooShort {
                min: MIN_PROMPT_CHARS,
                count,
            },
        )
    };
    match kind {
        FieldKind::MusicPrompt => {
            validate_music_prompt(value).map_err(|_| too_short(trimmed_length(value)))?;
        }
        FieldKind::Lyrics => {
            validate_song_lyrics(value).map_err(|_| too_short(trimmed_length(value)))?;
        }
        _ => {}
    }
    if u32::try_from(value.chars().count()).unwrap_or(u32::MAX) > MAX_TASK_TEXT_CHARS {
        return Err(bad(
            name,
            InputProblem::TooLong {
                max: MAX_TASK_TEXT_CHARS,
            },
        ));
    }
    Ok(())
}

/// The refusal of a length for a module without one: any whole number of seconds up to the
/// longest task.
fn any_length() -> InputProblem {
    InputProblem::DurationRange {
        min: 1,
        max: MAX_TASK_DURATION_S,
    }
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
            Some(n.ok_or_else(|| bad("duration", any_length()))?)
        }
    };
    let Some(rule) = module.duration else {
        // Modules without a length accept (and ignore) any sensible one.
        return match sent {
            Some(n) if !(1..=MAX_TASK_DURATION_S).contains(&n) => {
                Err(bad("duration", any_length()))
            }
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
            InputProblem::DurationChoice {
                choices: list.join(", "),
            },
        ));
    }
    if !(rule.min..=rule.max).contains(&n) {
        return Err(bad(
            "duration",
            InputProblem::DurationRange {
                min: rule.min,
                max: rule.max,
            },
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
            message: InputProblem::NotAnObject.to_string(),
            problem: InputProblem::NotAnObject,
        });
    }
    super::options::check_task_names(module, data)?;
    let ratio = text(data, "aspect_ratio")?;
    if !ratio.trim().is_empty() {
        crate::crop::aspect_ratio_size(ratio)
            .map_err(|_| bad("aspect_ratio", InputProblem::UnknownRatio))?;
    }
    task_duration(module, data)?;
    let style = text(data, PROMPT_STYLE_FIELD)?.trim();
    if !style.is_empty()
        && !module.prompt_styles.is_empty()
        && !module.prompt_styles.iter().any(|s| s.id == style)
    {
        return Err(bad(PROMPT_STYLE_FIELD, InputProblem::UnknownStyle));
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
                    return Err(bad(field.name, InputProblem::Required { what: field.kind }));
                }
                None => {}
            }
            continue;
        }
        let value = text(data, field.name)?;
        if trimmed_length(value) == 0 {
            if field.need == Need::Required {
                return Err(bad(field.name, InputProblem::Required { what: field.kind }));
            }
            continue;
        }
        one_of_seen |= field.need == Need::OneOf;
        check_text(field.name, field.kind, value)?;
    }
    let first_one_of = module.fields.iter().find(|f| f.need == Need::OneOf);
    if let Some(first) = first_one_of.filter(|_| !one_of_seen) {
        return Err(bad(
            first.name,
            InputProblem::RequiredOneOf { what: first.kind },
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
        assert_eq!(err.problem, InputProblem::UnknownStyle);
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

    #[test]
    fn refusals_are_sentences_for_people_with_a_kind_for_the_app() {
        let t2v = task_module("text2video").unwrap();
        let err = task_duration(t2v, &json!({"duration": 7})).unwrap_err();
        assert_eq!(err.message, "Choose one of these lengths: 5, 10 seconds.");
        assert_eq!(
            serde_json::to_value(&err.problem).unwrap(),
            json!({"kind": "durationChoice", "choices": "5, 10"})
        );
        let img = task_module("text2image").unwrap();
        let err = task_duration(img, &json!({"duration": "x"})).unwrap_err();
        assert_eq!(err.message, "Choose a length from 1 to 240 seconds.");
        assert_eq!(
            serde_json::to_value(&err.problem).unwrap(),
            json!({"kind": "durationRange", "min": 1, "max": 240})
        );
        let long = "a".repeat(usize::try_from(MAX_TASK_TEXT_CHARS).unwrap() + 1);
        let err = check("text2image", json!({ "prompt": long })).unwrap_err();
        assert_eq!(
            err.problem,
            InputProblem::TooLong {
                max: MAX_TASK_TEXT_CHARS
            }
        );
        let err = check("image2video", json!({"prompt": "a cat"})).unwrap_err();
        assert_eq!(err.message, "Upload an image.");
        assert_eq!(
            serde_json::to_value(&err.problem).unwrap(),
            json!({"kind": "required", "what": "image"})
        );
        let err = check("txt2Music", json!({"prompt": " short "})).unwrap_err();
        assert_eq!(err.message, "Write at least 10 characters (now 5).");
        for err in [
            check("text2image", json!([])).unwrap_err(),
            check("text2image", json!({"prompt": 3})).unwrap_err(),
            check("text2image", json!({"prompt": "a", "aspect_ratio": "7:5"})).unwrap_err(),
            check("combo_alg", json!({})).unwrap_err(),
        ] {
            assert!(
                err.message.starts_with(char::is_uppercase),
                "{}",
                err.message
            );
            assert!(err.message.ends_with('.'), "{}", err.message);
            assert!(!err.message.contains("oss_path"), "{}", err.message);
        }
    }
}
