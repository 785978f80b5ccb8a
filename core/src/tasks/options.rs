//! The names a task's `data` may carry and the checks of the options besides the module's own
//! fields (docs/behaviour/tasks-and-queue.md#task-inputs). Not in the spec: the project's rule
//! that a task stores only what its module reads, each value within its limit, so a create call
//! cannot park arbitrary data in the task row (and in every task list that shows it). A name
//! that is neither a field of the module nor one of its options is refused, naming it.

use super::catalogue::{FieldKind, MAX_TASK_TEXT_CHARS, PROMPT_STYLE_FIELD, TaskModule, Work};
use super::inputs::{InputProblem, TaskInputError};
use crate::imaging::MAX_SIDE;
use serde_json::Value;

/// Longest option naming a choice (a style, a voice, a prompt style), in characters.
pub const MAX_OPTION_CHARS: usize = 200;

/// Largest seed a task takes, and the range the server draws one from when the task sends none
/// (docs/behaviour/tasks-and-queue.md#seeds). Not in the spec: 2³² − 1 is what every engine
/// the server drives takes (ComfyUI's samplers and fal's models), and a JavaScript number holds
/// it exactly, so the seed a task shows is the seed it ran with.
pub const MAX_SEED: u64 = 4_294_967_295;

/// Whether a module's result depends on a seed (its work samples a model), so its tasks keep
/// the seed they ran with and its form offers one (docs/behaviour/tasks-and-queue.md#seeds).
/// Upscaling, background removal, the image tools and the audio tools give the same result for
/// the same input.
pub fn takes_seed(module: &TaskModule) -> bool {
    matches!(
        module.work,
        Work::Generate
            | Work::Edit
            | Work::Redraw
            | Work::RemoveObject
            | Work::Restyle
            | Work::Erase
            | Work::Avatar
    )
}

/// What one option of `data` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Checked elsewhere (`aspect_ratio`, `duration`: [`super::inputs`]).
    Checked,
    /// A free text of at most [`MAX_TASK_TEXT_CHARS`] characters.
    Text,
    /// A choice's name of at most [`MAX_OPTION_CHARS`] characters.
    Choice,
    /// A whole number from 0 to [`MAX_SEED`] (`seed`).
    Whole,
    /// A side in pixels, 1 to core's imaging `MAX_SIDE`.
    Side,
    /// `{x, y, w, h}` in pixels, each at most core's imaging `MAX_SIDE`.
    Crop,
}

/// The options a module's `data` may carry besides its fields (`oss_path` is `file_path`'s other
/// name, checked with it).
fn options(module: &TaskModule) -> Vec<(&'static str, Kind)> {
    let mut out = vec![
        ("aspect_ratio", Kind::Checked),
        ("duration", Kind::Checked),
        (PROMPT_STYLE_FIELD, Kind::Choice),
        ("negative_prompt", Kind::Text),
        ("seed", Kind::Whole),
    ];
    // A two-picture effect template's second picture (the templates' `file_path_2`,
    // docs/behaviour/uploads.md#aspect-ratios), on modules that take a picture.
    if module
        .fields
        .iter()
        .any(|f| f.name == "file_path" && f.kind == FieldKind::Image)
    {
        out.push(("file_path_2", Kind::Text));
    }
    if module.style {
        out.push(("style", Kind::Choice));
    }
    if module.voice {
        out.push(("voice_id", Kind::Choice));
    }
    if module.work == Work::ImageTool {
        out.push(("crop", Kind::Crop));
        out.push(("max_side", Kind::Side));
    }
    out
}

fn bad(field: &str, message: impl Into<String>) -> TaskInputError {
    super::inputs::bad(
        field,
        InputProblem::NotAccepted {
            detail: message.into(),
        },
    )
}

fn whole(v: &Value, field: &str, min: u64, max: u64) -> Result<(), TaskInputError> {
    match v.as_u64() {
        Some(n) if (min..=max).contains(&n) => Ok(()),
        _ => Err(bad(
            field,
            format!("must be a whole number from {min} to {max}"),
        )),
    }
}

fn check_option(name: &str, kind: Kind, v: &Value) -> Result<(), TaskInputError> {
    if v.is_null() {
        return Ok(());
    }
    let side = u64::from(MAX_SIDE);
    match kind {
        Kind::Checked => Ok(()),
        Kind::Text | Kind::Choice => {
            let max = if kind == Kind::Text {
                MAX_TASK_TEXT_CHARS as usize
            } else {
                MAX_OPTION_CHARS
            };
            match v.as_str() {
                Some(s) if s.chars().count() <= max => Ok(()),
                Some(_) => Err(bad(name, format!("too long: at most {max} characters"))),
                None => Err(bad(name, "must be a string")),
            }
        }
        Kind::Whole => whole(v, name, 0, MAX_SEED),
        Kind::Side => whole(v, name, 1, side),
        Kind::Crop => {
            let Some(rect) = v.as_object() else {
                return Err(bad(name, "must be an object {x, y, w, h} in pixels"));
            };
            if let Some(other) = rect
                .keys()
                .find(|k| !["x", "y", "w", "h"].contains(&k.as_str()))
            {
                return Err(bad(
                    &format!("{name}.{}", short(other)),
                    "not a part of the crop: send x, y, w, h",
                ));
            }
            for (part, min) in [("x", 0), ("y", 0), ("w", 1), ("h", 1)] {
                let field = format!("{name}.{part}");
                match rect.get(part) {
                    Some(n) => whole(n, &field, min, side)?,
                    None => return Err(bad(&field, "required: a whole number of pixels")),
                }
            }
            Ok(())
        }
    }
}

/// A name as quoted in a message: at most 64 characters.
fn short(name: &str) -> String {
    name.chars().take(64).collect()
}

/// Refuses a name of `data` that is neither a field of `module` nor one of its options, and an
/// option of the wrong type or size. `data` is an object (checked by the caller).
pub fn check_task_names(module: &TaskModule, data: &Value) -> Result<(), TaskInputError> {
    let Some(map) = data.as_object() else {
        return Ok(());
    };
    let options = options(module);
    for (name, value) in map {
        let field = module.fields.iter().any(|f| f.name == name)
            || (name == "oss_path" && module.fields.iter().any(|f| f.name == "file_path"));
        if field {
            continue;
        }
        match options.iter().find(|(n, _)| n == name) {
            Some((_, kind)) => check_option(name, *kind, value)?,
            None => {
                let mut known: Vec<&str> = module.fields.iter().map(|f| f.name).collect();
                known.extend(options.iter().map(|(n, _)| *n));
                return Err(bad(
                    &short(name),
                    format!(
                        "not a field of {}: send only {}",
                        module.code,
                        known.join(", ")
                    ),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::tasks::task_module;
    use serde_json::json;

    fn check(code: &str, data: Value) -> Result<(), TaskInputError> {
        check_task_names(task_module(code).unwrap(), &data)
    }

    #[test]
    fn unknown_names_are_refused_by_name() {
        let err = check("text2image", json!({"prompt": "a", "junk": "x"})).unwrap_err();
        assert_eq!(err.field, "data.junk");
        assert!(err.message.contains("prompt"), "{}", err.message);
        assert!(
            check(
                "text2image",
                json!({"prompt": "a", "seed": 7, "aspect_ratio": "1:1"})
            )
            .is_ok()
        );
        assert!(check("mai_imagesharpen", json!({"oss_path": "a.png"})).is_ok());
        assert!(
            check(
                "effect",
                json!({"file_path": "a.png", "file_path_2": "b.png"})
            )
            .is_ok()
        );
        assert_eq!(
            check("text2image", json!({"prompt": "a", "voice_id": "v"}))
                .unwrap_err()
                .field,
            "data.voice_id"
        );
    }

    #[test]
    fn sampling_modules_take_a_seed_and_tools_do_not() {
        let seeded = |code: &str| takes_seed(task_module(code).unwrap());
        assert!(seeded("text2image"));
        assert!(seeded("text2video"));
        assert!(!seeded("mai_imagesharpen"));
        assert!(!seeded("tool_sf"));
    }

    #[test]
    fn options_are_checked_for_type_and_size() {
        let crop = |c: Value| check("tool_sf", json!({"file_path": "a.png", "crop": c}));
        assert!(crop(json!({"x": 0, "y": 0, "w": 10, "h": 10})).is_ok());
        assert_eq!(
            crop(json!({"x": "x".repeat(1000), "y": 0, "w": 10, "h": 10}))
                .unwrap_err()
                .field,
            "data.crop.x"
        );
        assert_eq!(
            crop(json!({"x": 0, "y": 0, "w": 20_000, "h": 10}))
                .unwrap_err()
                .field,
            "data.crop.w"
        );
        assert_eq!(
            crop(json!({"x": 0, "y": 0, "w": 1})).unwrap_err().field,
            "data.crop.h"
        );
        assert_eq!(crop(json!([1])).unwrap_err().field, "data.crop");
        assert_eq!(
            check("tool_sf", json!({"max_side": 0})).unwrap_err().field,
            "data.max_side"
        );
        assert_eq!(
            check("text2image", json!({"seed": -1})).unwrap_err().field,
            "data.seed"
        );
        assert!(check("text2image", json!({"seed": MAX_SEED})).is_ok());
        assert_eq!(
            check("text2image", json!({"seed": MAX_SEED + 1}))
                .unwrap_err()
                .field,
            "data.seed"
        );
        assert_eq!(
            check("text2image", json!({"negative_prompt": "n".repeat(3000)}))
                .unwrap_err()
                .field,
            "data.negative_prompt"
        );
    }
}
