//! The task modules (spec 02 §3 "Task module codes", §7), their credit prices and their input
//! rules. The spec gives the codes but no prices nor payloads; decided here:
//!
//! | module | credits | needs (in `data`) | what the `local` provider makes |
//! |---|---|---|---|
//! | `text2image`, `wallpaper` | 2 | `prompt` | preview image at `aspect_ratio` size |
//! | `image2image` | 2 | `file_path` (image), `prompt` optional | preview image |
//! | `photomaker_imagefix` | 2 | `file_path` (image) | enhanced image (2×) |
//! | `inpaint_clothes` | 3 | `file_path` (image), `prompt` optional | labelled preview of the input |
//! | `mai_fs` | 2 | `file_path` (image) | labelled preview of the input |
//! | `mai_imagesharpen`, `tool_itr` | 1 | `file_path` (image) | enhanced image: 2× Lanczos + sharpen |
//! | `tool_gb`, `tool_sf`, `tool_icf`, `tool_mf` | 1 | `file_path` (image) | crop/resize when asked, else labelled preview |
//! | `text2video` | 10 | `prompt` | preview clip (ffmpeg) or animated PNG |
//! | `image2video`, `effect`, `talking_face` | 10 | `file_path` (image) | preview clip or animated PNG |
//! | `talking_face_tts` | 12 | `file_path` (image), `prompt` (the text) | preview clip or animated PNG |
//! | `combo_alg` | 10 | `prompt` or `file_path` | preview clip or animated PNG |
//! | `video2video`, `video2anime` | 15 | `file_path` (video) | labelled copy (ffmpeg) |
//! | `mai_vqe`, `tool_vqe` | 5 | `file_path` (video) | 2× upscale + sharpen (ffmpeg) |
//! | `tool_erv`, `tool_vrw`, `tool_trw` | 5 | `file_path` (video) | labelled copy (ffmpeg) |
//! | `txt2Music`, `mai_tcm` | 5 | `prompt` (≥ 10 characters, spec 02 §5) | synthesised WAV |
//! | `txt2Song`, `mai_text2song_minimax` | 8 | `lyrics` (≥ 10) or else `prompt` (≥ 10) | synthesised WAV |
//!
//! Free and immediate (see `instant.rs`): `t_sensitive_detect`, `i_sensitive_detect`,
//! `v_sensitive_detect`, `image_fkp`, `watermark_download`.
//!
//! `file_path` may also be sent as `oss_path`; both take an oss path from `/v1/common/oss/token`
//! (or a URL of ours). Optional everywhere: `aspect_ratio` (one of spec 02 §3's options),
//! `duration` (seconds, 1-300; music default 30), `negative_prompt`, `seed`.

use crate::api::ApiError;
use crate::app::AppState;
use crate::auth::AuthUser;
use crate::uploads::objects::{self, StoredObject};
use crate::uploads::paths;
use serde_json::Value;

/// What a module needs in `data`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// `prompt`.
    Prompt,
    /// `prompt` of at least 10 characters (spec 02 §5).
    Music,
    /// `lyrics` (or else `prompt`) of at least 10 characters (spec 02 §5).
    Song,
    /// `file_path` of an image.
    Image,
    /// `file_path` of an image and `prompt` (the text to speak).
    ImageAndText,
    /// `file_path` of a video.
    Video,
    /// `prompt` or `file_path` (image).
    PromptOrImage,
}

/// What the work is, which decides how providers run it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// Generate an image.
    GenImage,
    /// Generate a video.
    GenVideo,
    /// Generate music or a song.
    GenAudio,
    /// Enhance an image (2× upscale and sharpen).
    Enhance,
    /// Another image tool.
    ImageTool,
    /// Enhance a video.
    VideoEnhance,
    /// Another video tool.
    VideoTool,
}

/// One task module; its price is core's (`aivg_core::credits::module_credits`), shared with the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Module {
    pub code: &'static str,
    pub input: Input,
    pub work: Work,
    /// Shown in the credit history ("Text to image").
    pub title: &'static str,
}

const fn m(code: &'static str, input: Input, work: Work, title: &'static str) -> Module {
    Module {
        code,
        input,
        work,
        title,
    }
}

use Input as I;
use Work as W;

/// Every queued module (prices: see the module table above, kept in core).
pub const MODULES: [Module; 29] = [
    m("text2image", I::Prompt, W::GenImage, "Text to image"),
    m("wallpaper", I::Prompt, W::GenImage, "Wallpaper"),
    m("image2image", I::Image, W::GenImage, "Image to image"),
    m("photomaker_imagefix", I::Image, W::Enhance, "Photo fix"),
    m("inpaint_clothes", I::Image, W::ImageTool, "Change clothes"),
    m("mai_fs", I::Image, W::ImageTool, "Face swap"),
    m("mai_imagesharpen", I::Image, W::Enhance, "Image enhancer"),
    m("tool_itr", I::Image, W::Enhance, "Image enhancer"),
    m("tool_gb", I::Image, W::ImageTool, "Background remover"),
    m("tool_sf", I::Image, W::ImageTool, "Image tool"),
    m("tool_icf", I::Image, W::ImageTool, "Image tool"),
    m("tool_mf", I::Image, W::ImageTool, "Image tool"),
    m("text2video", I::Prompt, W::GenVideo, "Text to video"),
    m("image2video", I::Image, W::GenVideo, "Image to video"),
    m("effect", I::Image, W::GenVideo, "Effect"),
    m("talking_face", I::Image, W::GenVideo, "Talking avatar"),
    m(
        "talking_face_tts",
        I::ImageAndText,
        W::GenVideo,
        "Talking avatar",
    ),
    m("combo_alg", I::PromptOrImage, W::GenVideo, "Workflow"),
    m("video2video", I::Video, W::VideoTool, "Video to video"),
    m("video2anime", I::Video, W::VideoTool, "Video to anime"),
    m("mai_vqe", I::Video, W::VideoEnhance, "Video enhancer"),
    m("tool_vqe", I::Video, W::VideoEnhance, "Video enhancer"),
    m("tool_erv", I::Video, W::VideoTool, "Video tool"),
    m("tool_vrw", I::Video, W::VideoTool, "Watermark remover"),
    m("tool_trw", I::Video, W::VideoTool, "Text remover"),
    m("txt2Music", I::Music, W::GenAudio, "Text to music"),
    m("mai_tcm", I::Music, W::GenAudio, "Text to music"),
    m("txt2Song", I::Song, W::GenAudio, "Text to song"),
    m(
        "mai_text2song_minimax",
        I::Song,
        W::GenAudio,
        "Text to song",
    ),
];

impl Module {
    /// What a task of this module costs (core's price table; every module has a price, tested).
    pub fn credits(&self) -> i64 {
        aivg_core::credits::module_credits(self.code).map_or(0, i64::from)
    }
}

/// The module of a code (exact, codes are case-sensitive: `txt2Music`).
pub fn find(code: &str) -> Option<&'static Module> {
    MODULES.iter().find(|m| m.code == code)
}

/// Longest prompt accepted, characters.
pub const MAX_PROMPT_CHARS: usize = 2000;
/// Longest music, seconds.
pub const MAX_DURATION_S: i64 = 300;

/// A string field of `data` (absent or null as empty); another type is a 400 naming it.
pub fn text_field<'a>(data: &'a Value, field: &str) -> Result<&'a str, ApiError> {
    match data.get(field) {
        None | Some(Value::Null) => Ok(""),
        Some(Value::String(s)) => Ok(s.as_str()),
        Some(_) => Err(ApiError::invalid(
            &format!("data.{field}"),
            "must be a string",
        )),
    }
}

fn prompt(data: &Value, field: &str) -> Result<(), ApiError> {
    let p = text_field(data, field)?;
    if p.trim().is_empty() {
        return Err(ApiError::invalid(
            &format!("data.{field}"),
            "required: describe what to make",
        ));
    }
    if p.chars().count() > MAX_PROMPT_CHARS {
        return Err(ApiError::invalid(
            &format!("data.{field}"),
            format!("too long: at most {MAX_PROMPT_CHARS} characters"),
        ));
    }
    Ok(())
}

fn optional_prompt(data: &Value) -> Result<(), ApiError> {
    if text_field(data, "prompt")?.trim().is_empty() {
        Ok(())
    } else {
        prompt(data, "prompt")
    }
}

/// The uploaded file named by `data.file_path` (or `data.oss_path`), of the given media kind.
pub async fn input_file(
    state: &AppState,
    user: &AuthUser,
    data: &Value,
    kind: &str,
) -> Result<StoredObject, ApiError> {
    let (field, raw) = match (
        text_field(data, "file_path")?,
        text_field(data, "oss_path")?,
    ) {
        (f, _) if !f.trim().is_empty() => ("data.file_path", f),
        (_, o) if !o.trim().is_empty() => ("data.oss_path", o),
        _ => {
            return Err(ApiError::invalid(
                "data.file_path",
                format!("required: the oss_path of an uploaded {kind}"),
            ));
        }
    };
    let obj = objects::owned(state, user, raw, field).await?;
    let got = paths::media_kind(&obj.content_type);
    if got != kind {
        let wanted = if kind == "image" {
            "an image"
        } else {
            "a video"
        };
        return Err(ApiError::invalid(
            field,
            format!(
                "must be {wanted}, but {} is {}",
                obj.oss_path, obj.content_type
            ),
        ));
    }
    Ok(obj)
}

fn has_file(data: &Value) -> bool {
    ["file_path", "oss_path"].iter().any(|f| {
        data.get(*f)
            .and_then(Value::as_str)
            .is_some_and(|s| !s.trim().is_empty())
    })
}

fn check_common(data: &Value) -> Result<(), ApiError> {
    let ratio = text_field(data, "aspect_ratio")?;
    if !ratio.trim().is_empty() {
        aivg_core::crop::aspect_ratio_size(ratio)
            .map_err(|e| ApiError::invalid("data.aspect_ratio", e))?;
    }
    match data.get("duration") {
        None | Some(Value::Null) => {}
        Some(v) => {
            let n = v
                .as_i64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()));
            if !n.is_some_and(|n| (1..=MAX_DURATION_S).contains(&n)) {
                return Err(ApiError::invalid(
                    "data.duration",
                    format!("must be a whole number of seconds from 1 to {MAX_DURATION_S}"),
                ));
            }
        }
    }
    Ok(())
}

/// Checks `data` for the module; answers the input files (in order) or a 400/404 naming the field.
pub async fn validate(
    state: &AppState,
    user: &AuthUser,
    module: &Module,
    data: &Value,
) -> Result<Vec<StoredObject>, ApiError> {
    if !data.is_object() {
        return Err(ApiError::invalid(
            "data",
            "must be an object with the task's fields",
        ));
    }
    check_common(data)?;
    let music = |field: &str, text: &str| -> Result<(), ApiError> {
        let checked = if field == "lyrics" {
            aivg_core::ui::validate_song_lyrics(text)
        } else {
            aivg_core::ui::validate_music_prompt(text)
        };
        checked
            .map(|_| ())
            .map_err(|e| ApiError::invalid(&format!("data.{field}"), e))
    };
    match module.input {
        Input::Prompt => prompt(data, "prompt").map(|()| Vec::new()),
        Input::Music => {
            prompt(data, "prompt")?;
            music("prompt", text_field(data, "prompt")?).map(|()| Vec::new())
        }
        Input::Song => {
            let lyrics = text_field(data, "lyrics")?;
            if lyrics.trim().is_empty() {
                prompt(data, "prompt")?;
                music("prompt", text_field(data, "prompt")?)?;
            } else {
                music("lyrics", lyrics)?;
                optional_prompt(data)?;
            }
            Ok(Vec::new())
        }
        Input::Image => {
            optional_prompt(data)?;
            Ok(vec![input_file(state, user, data, "image").await?])
        }
        Input::ImageAndText => {
            let file = input_file(state, user, data, "image").await?;
            prompt(data, "prompt")?;
            Ok(vec![file])
        }
        Input::Video => Ok(vec![input_file(state, user, data, "video").await?]),
        Input::PromptOrImage => {
            if has_file(data) {
                optional_prompt(data)?;
                Ok(vec![input_file(state, user, data, "image").await?])
            } else {
                prompt(data, "prompt").map(|()| Vec::new())
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::panic, clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn every_spec_code_is_priced_once() {
        let spec = [
            "combo_alg",
            "effect",
            "image2video",
            "text2video",
            "text2image",
            "image2image",
            "video2video",
            "video2anime",
            "txt2Music",
            "txt2Song",
            "wallpaper",
            "mai_imagesharpen",
            "mai_vqe",
            "tool_vqe",
            "tool_erv",
            "mai_fs",
            "photomaker_imagefix",
            "tool_itr",
            "inpaint_clothes",
            "tool_vrw",
            "tool_trw",
            "talking_face",
            "talking_face_tts",
            "tool_gb",
            "tool_sf",
            "tool_icf",
            "tool_mf",
            "mai_tcm",
            "mai_text2song_minimax",
        ];
        for code in spec {
            let m = find(code).unwrap_or_else(|| panic!("{code} has no price"));
            assert!(m.credits() > 0, "{} has no price in core", m.code);
            assert_eq!(MODULES.iter().filter(|x| x.code == code).count(), 1);
        }
        assert_eq!(MODULES.len(), spec.len());
    }
}
