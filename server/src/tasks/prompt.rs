//! Prompt helpers (docs/behaviour/tasks-and-queue.md#task-inputs names them; payload and answer not
//! shown, decided here). Both are free and deterministic: the same input always gives the same
//! text.
//!
//! - `POST /v1/ai/prompt/polish {prompt, algorithm?}` → `{prompt, original}`: the prompt tidied
//!   (spaces collapsed, first letter capitalised) and expanded with three style phrases for its
//!   medium (video, music or image, from `algorithm`), picked by the prompt's hash and skipping
//!   any whose key word the prompt already has.
//! - `POST /v1/ai/prompt/img2prompt {file_path}` → `{prompt, width, height, orientation, colors,
//!   average_color}`: a description of an uploaded image from its size and colours (brightness,
//!   saturation, the two commonest colour names).

use super::local::preview::seed_of;
use super::modules::{self, MAX_PROMPT_CHARS, text_field};
use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::limits::Work;
use crate::state::AppState;
use aivg_core::imaging::{decode_image, downscale_rgba};
use aivg_core::tasks::Media;
use axum::extract::State;
use serde::Serialize;
use serde_json::Value;

const IMAGE_STYLES: [&str; 8] = [
    "cinematic lighting",
    "highly detailed",
    "sharp focus",
    "rich colours",
    "balanced composition",
    "soft depth of field",
    "golden hour light",
    "8k resolution",
];
const VIDEO_STYLES: [&str; 7] = [
    "smooth cinematic camera movement",
    "natural fluid motion",
    "soft volumetric lighting",
    "highly detailed",
    "film grain",
    "steady tracking shot",
    "24 fps film look",
];
const MUSIC_STYLES: [&str; 6] = [
    "warm analog instrumentation",
    "clear memorable melody",
    "rich harmonies",
    "balanced mix",
    "gentle dynamics",
    "steady groove",
];

/// The polished prompt for a medium.
pub fn polish_text(prompt: &str, algorithm: &str) -> String {
    let tidy = prompt.split_whitespace().collect::<Vec<_>>().join(" ");
    let tidy = tidy.trim_end_matches(['.', ',', ';', '!']).to_owned();
    let mut chars = tidy.chars();
    let tidy = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect::<String>(),
        None => String::new(),
    };
    let styles: &[&str] = match modules::find(algorithm).map(|m| m.output) {
        Some(Media::Video) => &VIDEO_STYLES,
        Some(Media::Audio) => &MUSIC_STYLES,
        _ if algorithm.contains("video") => &VIDEO_STYLES,
        _ if algorithm.contains("music")
            || algorithm.contains("song")
            || algorithm.contains("Music") =>
        {
            &MUSIC_STYLES
        }
        _ => &IMAGE_STYLES,
    };
    let lower = tidy.to_lowercase();
    let mut picked: Vec<&str> = Vec::new();
    let len = styles.len().max(1);
    let start = usize::try_from(seed_of(&lower) % len as u64).unwrap_or(0);
    for i in 0..len {
        let Some(style) = styles.get((start + i * 3) % len) else {
            continue;
        };
        let key = style.rsplit(' ').next().unwrap_or(style);
        if picked.contains(style) || lower.contains(key) {
            continue;
        }
        picked.push(style);
        if picked.len() == 3 {
            break;
        }
    }
    let mut out = tidy;
    for p in picked {
        out.push_str(", ");
        out.push_str(p);
    }
    out
}

/// The answer of `polish`: the polished prompt and the one sent.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Polished {
    pub prompt: String,
    pub original: String,
}

/// `POST /v1/ai/prompt/polish` (see the module doc).
pub async fn polish(_user: AuthUser, ApiJson(body): ApiJson<Value>) -> ApiResult<Polished> {
    let prompt =
        text_field(&body, "prompt").map_err(|_| ApiError::invalid("prompt", "must be a string"))?;
    if prompt.trim().is_empty() {
        return Err(ApiError::invalid(
            "prompt",
            "required: the prompt to polish",
        ));
    }
    if prompt.chars().count() > MAX_PROMPT_CHARS {
        return Err(ApiError::invalid(
            "prompt",
            format!("too long: at most {MAX_PROMPT_CHARS} characters"),
        ));
    }
    // Without a module the prompt is polished as a picture's (no module: image styles).
    let module_code = body
        .get("algorithm")
        .or_else(|| body.get("module"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    ok(Polished {
        prompt: polish_text(prompt, module_code),
        original: prompt.to_owned(),
    })
}

/// The name of a colour (r, g, b in 0-255).
#[allow(clippy::cast_precision_loss)]
fn colour_name(r: u8, g: u8, b: u8) -> &'static str {
    let (rf, gf, bf) = (
        f32::from(r) / 255.0,
        f32::from(g) / 255.0,
        f32::from(b) / 255.0,
    );
    let max = rf.max(gf).max(bf);
    let min = rf.min(gf).min(bf);
    let (v, s) = (max, if max > 0.0 { (max - min) / max } else { 0.0 });
    if v < 0.18 {
        return "black";
    }
    if s < 0.15 {
        return if v > 0.85 { "white" } else { "gray" };
    }
    let d = max - min;
    let h = if (max - rf).abs() < f32::EPSILON {
        60.0 * ((gf - bf) / d).rem_euclid(6.0)
    } else if (max - gf).abs() < f32::EPSILON {
        60.0 * ((bf - rf) / d + 2.0)
    } else {
        60.0 * ((rf - gf) / d + 4.0)
    };
    match h {
        h if !(15.0..345.0).contains(&h) => {
            if v > 0.8 && s < 0.5 {
                "pink"
            } else {
                "red"
            }
        }
        h if h < 40.0 => {
            if v < 0.6 {
                "brown"
            } else {
                "orange"
            }
        }
        h if h < 70.0 => "yellow",
        h if h < 160.0 => "green",
        h if h < 200.0 => "cyan",
        h if h < 260.0 => "blue",
        h if h < 300.0 => "purple",
        _ => "pink",
    }
}

/// What `img2prompt` answers: a prompt describing the image, and what it was made from.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Description {
    pub prompt: String,
    pub width: u32,
    pub height: u32,
    pub orientation: &'static str,
    /// The two most frequent colour names, most frequent first.
    pub colors: Vec<&'static str>,
    /// `#rrggbb`.
    pub average_color: String,
}

/// The description of RGBA pixels of a `width`×`height` image.
#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
pub fn describe(px: &[u8], width: u32, height: u32) -> Description {
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    let (mut sum, mut sat, mut n) = ([0u64; 3], 0f64, 0u64);
    for p in px.chunks_exact(4) {
        let [r, g, b, _] =
            [p.first(), p.get(1), p.get(2), p.get(3)].map(|c| c.copied().unwrap_or(0));
        for (s, c) in sum.iter_mut().zip([r, g, b]) {
            *s += u64::from(c);
        }
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        sat += if max > 0 {
            f64::from(max - min) / f64::from(max)
        } else {
            0.0
        };
        n += 1;
        let name = colour_name(r, g, b);
        match counts.iter_mut().find(|(c, _)| *c == name) {
            Some(entry) => entry.1 += 1,
            None => counts.push((name, 1)),
        }
    }
    let n = n.max(1);
    let avg = sum.map(|s| (s / n) as u8);
    let brightness =
        (f64::from(avg[0]) * 0.299 + f64::from(avg[1]) * 0.587 + f64::from(avg[2]) * 0.114) / 255.0;
    let saturation = sat / n as f64;
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let names: Vec<&'static str> = counts.iter().take(2).map(|(c, _)| *c).collect();
    let orientation = match width.cmp(&height) {
        std::cmp::Ordering::Greater => "landscape",
        std::cmp::Ordering::Less => "portrait",
        std::cmp::Ordering::Equal => "square",
    };
    let light = if brightness > 0.65 {
        "bright"
    } else if brightness < 0.35 {
        "dark"
    } else {
        "softly lit"
    };
    let vivid = if saturation > 0.45 {
        "vivid"
    } else if saturation < 0.15 {
        "muted, nearly monochrome"
    } else {
        "natural"
    };
    let tones = match names.as_slice() {
        [a, b] => format!("{a} and {b} tones"),
        [a] => format!("{a} tones"),
        _ => "even tones".to_owned(),
    };
    Description {
        prompt: format!(
            "A {light} {orientation} image dominated by {tones}, with {vivid} colours, {width}x{height}"
        ),
        width,
        height,
        orientation,
        colors: names,
        average_color: format!("#{:02x}{:02x}{:02x}", avg[0], avg[1], avg[2]),
    }
}

/// `POST /v1/ai/prompt/img2prompt` (see the module doc). Bounded: a decode slot (at most
/// `AIVG_DECODE_CONCURRENCY` at once, else 429), and an image of at most
/// `AIVG_MAX_DECODE_PIXELS` (read from its header before anything is decoded).
pub async fn img2prompt(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<Description> {
    let obj = modules::input_file(&state.db.pool, &user, &body, "image").await?;
    let max_pixels = state.limits.settings().max_decode_pixels;
    // A compressed image is smaller than its pixels (plus room for metadata).
    let max_bytes = max_pixels.saturating_mul(4).saturating_add(1 << 20);
    let size = u64::try_from(obj.size).unwrap_or(0);
    if size > max_bytes {
        return Err(ApiError::invalid(
            "file_path",
            format!(
                "the file has {size} bytes: images of at most {max_bytes} bytes can be described"
            ),
        ));
    }
    crate::uploads::picture_size::check_picture(&state.files, "file_path", &obj, max_pixels, true)
        .await?;
    let permit = state.limits.permit(Work::Decode).await?;
    let bytes = state
        .files
        .get(&obj.oss_path)
        .await
        .map_err(ApiError::internal)?;
    let described = tokio::task::spawn_blocking(move || {
        // The slot is held until the pixels are gone, even if the request is dropped.
        let _permit = permit;
        let img = decode_image(&bytes).map_err(|e| ApiError::invalid("file_path", e))?;
        let small =
            downscale_rgba(&img.pixels, img.width, img.height, 64).map_err(ApiError::internal)?;
        Ok::<Description, ApiError>(describe(&small.pixels, img.width, img.height))
    })
    .await
    .map_err(ApiError::internal)??;
    ok(described)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polish_is_deterministic_and_expands() {
        let a = polish_text("  a cat   surfing a wave. ", "text2image");
        assert_eq!(a, polish_text("a cat surfing a wave", "text2image"));
        assert!(a.starts_with("A cat surfing a wave, "));
        assert_eq!(a.matches(", ").count(), 3);
        let v = polish_text("a cat surfing", "text2video");
        assert!(VIDEO_STYLES.iter().any(|s| v.contains(s)));
    }

    #[test]
    fn describes_colours_and_shape() {
        let px: Vec<u8> = (0..8 * 4).flat_map(|_| [20u8, 40, 220, 255]).collect();
        let d = describe(&px, 8, 4);
        assert_eq!(d.orientation, "landscape");
        assert_eq!(d.colors.first(), Some(&"blue"));
        assert!(d.prompt.contains("blue"));
    }
}
