//! Files the site serves itself (docs/behaviour/languages-and-routes.md#build-updates build
//! updates, #page-frame icons):
//! - `GET /static/seed/{name}.svg`: the seeded media (template, explore, zone, resource, music
//!   style and ad pictures), drawn on the fly as small SVGs: a gradient from the name's
//!   hash, the item's title, and for video previews a moving light and a play mark (SMIL
//!   animation, so a "video" preview moves without any binary file). Audio templates have no
//!   `tpl-{id}` pictures of their own (their thumbnail is their style's `style-{id}.svg`).
//!   Unknown names answer 404;
//! - `GET /static/seed/tpl-{id}-preview.wav`: an audio template's preview tune (see
//!   [`super::audio_preview`]); other names ending in `.wav` answer 404;
//! - `GET /static/seed/demo-{key}-{n}-{before|after}.jpg`: the tools' examples' pictures (see
//!   [`super::demo_photo`]); other names ending in `.jpg` answer 404. The kinds share one
//!   route (`/static/seed/{file}`: axum 0.8 matches whole path segments), told apart by suffix;
//! - `GET /builds/latest.json` → `{id, timestamp}` and `GET /builds/meta/{id}.json` → `{id,
//!   timestamp, matcher, prerendered}`: the SPA build's files under `AIVG_STATIC_DIR/builds/`
//!   when present, else a built-in build `dev` (timestamp = server start, empty matcher, nothing
//!   prerendered); another id without a file answers 404 (the client tolerates it). No caching;
//! - `GET /app_static/icons/{name}.svg`: the project's own icons (home, explore, effect, video,
//!   image, music, tools, gift, close, menu, globe, user, library, copy, check, avatar, sparkle,
//!   arrow-right; 24×24, `currentColor`), 404 otherwise.

use super::seed::Seeds;
use super::seed_media::{fnv, ratio_size};
use super::{audio_preview, demo_photo};
use crate::api::ApiError;
use crate::html::html_escape;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::sync::LazyLock;

/// What to draw.
struct Drawing {
    width: u32,
    height: u32,
    label: String,
    animated: bool,
}

fn id_after(name: &str, prefix: &str) -> Option<(i64, bool)> {
    let rest = name.strip_prefix(prefix)?;
    let (id, preview) = match rest.strip_suffix("-preview") {
        Some(id) => (id, true),
        None => (rest, false),
    };
    Some((id.parse().ok()?, preview))
}

fn drawing(s: &Seeds, name: &str) -> Option<Drawing> {
    let d = |(width, height): (u32, u32), label: &str, animated: bool| Drawing {
        width,
        height,
        label: label.to_owned(),
        animated,
    };
    if let Some((id, preview)) = id_after(name, "tpl-") {
        let t = s.templates.templates.iter().find(|t| t.tpl_id == id)?;
        let media = super::template_shape::media_of(s, t);
        if media == "audio" {
            return None;
        }
        let ratio = t.ratio.as_deref().unwrap_or_default();
        return Some(d(ratio_size(ratio), &t.name, preview && media == "video"));
    }
    if let Some((id, preview)) = id_after(name, "explore-") {
        let i = s.explore.items.iter().find(|i| i.id == id)?;
        return Some(d(
            ratio_size(&i.ratio),
            &i.title,
            preview && i.media == "video",
        ));
    }
    if let Some(id) = name.strip_prefix("style-") {
        let preset = s
            .prompts
            .presets
            .values()
            .flatten()
            .flat_map(|c| &c.presets)
            .find(|p| p.id == id)?;
        return Some(d((256, 256), &preset.title, false));
    }
    if let Some((id, false)) = id_after(name, "zone-") {
        let z = s.explore.zones.iter().find(|z| z.id == id)?;
        return Some(d((640, 360), &z.name, false));
    }
    if let Some((id, false)) = id_after(name, "res-") {
        let r = s.resources.resources.iter().find(|r| r.id == id)?;
        return Some(d(ratio_size(&r.ratio), &r.name, r.kind == "video"));
    }
    let ad = s
        .ads
        .desktop
        .iter()
        .chain(&s.ads.wap)
        .find(|a| a.thumbnail == name)?;
    let size = match ad.module.as_str() {
        "studio_footer" => (728, 90),
        "hooks_banner_mobile" => (640, 160),
        _ => (128, 128),
    };
    Some(d(size, &ad.activity.replace('_', " "), false))
}

/// Average advance of a sans-serif glyph, in ems: enough to size a label without measuring text.
const GLYPH_EM: f32 = 0.58;

/// The label in one line or two (split at the space nearest its middle) and its font size, so it
/// fits the middle of the picture that survives a cover crop to 3:4 (the Explore and Effect
/// cards): a wide picture's label ran off both sides of its card ("ng through fresh").
fn label_layout(label: &str, w: u32, h: u32) -> (Vec<String>, u32) {
    let chars = label.chars().count();
    let lines = match label
        .char_indices()
        .filter(|(_, c)| *c == ' ')
        .min_by_key(|(i, _)| i.abs_diff(label.len() / 2))
    {
        Some((i, _)) if chars > 14 => {
            let (first, rest) = label.split_at(i);
            vec![first.to_owned(), rest.trim_start().to_owned()]
        }
        _ => vec![label.to_owned()],
    };
    let longest = lines
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    // The width a 3:4 cover crop keeps (all of a tall picture's width), with a margin.
    let visible = w.min(h * 3 / 4) as f32 * 0.85;
    let fits = (visible / (GLYPH_EM * longest as f32)) as u32;
    (lines, (w.min(h) / 10).min(fits).clamp(10, 40))
}

fn svg(name: &str, d: &Drawing) -> String {
    let base = name.strip_suffix("-preview").unwrap_or(name);
    let hash = fnv(base);
    let (h1, h2) = (hash % 360, (hash / 360 + 40) % 360);
    let (w, h) = (d.width, d.height);
    let r = w.min(h) / 6;
    let (lines, font) = label_layout(&d.label, w, h);
    let label = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            // Lines centred on the middle: the first half a line up per extra line.
            let dy = if i == 0 {
                format!("{:.2}em", -0.6 * (lines.len() as f32 - 1.0))
            } else {
                "1.2em".to_owned()
            };
            format!("<tspan x=\"50%\" dy=\"{dy}\">{}</tspan>", html_escape(line))
        })
        .collect::<String>();
    let (light, play) = if d.animated {
        (
            format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\" fill=\"#fff\" fill-opacity=\".3\"><animate attributeName=\"cx\" values=\"{};{};{}\" dur=\"4s\" repeatCount=\"indefinite\"/></circle>",
                w / 4,
                h / 3,
                w / 4,
                w * 3 / 4,
                w / 4
            ),
            format!(
                "<path d=\"M{} {}l{} {}l-{} {}z\" fill=\"#fff\" fill-opacity=\".85\"/>",
                w / 2 - r / 3,
                h * 3 / 4 - r / 2,
                r,
                r / 2,
                r,
                r / 2
            ),
        )
    } else {
        (
            format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\" fill=\"#fff\" fill-opacity=\".2\"/>",
                w * 3 / 4,
                h / 4
            ),
            String::new(),
        )
    };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
<defs><linearGradient id=\"g\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"hsl({h1},70%,58%)\"/>\
<stop offset=\"1\" stop-color=\"hsl({h2},65%,32%)\"/></linearGradient></defs>\
<rect width=\"{w}\" height=\"{h}\" fill=\"url(#g)\"/>{light}\
<text x=\"50%\" y=\"50%\" text-anchor=\"middle\" dominant-baseline=\"middle\" font-family=\"system-ui,sans-serif\" font-size=\"{font}\" fill=\"#fff\">{label}</text>{play}</svg>"
    )
}

fn svg_response(body: String, max_age: u32) -> Response {
    let mut res = body.into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'"),
    );
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("public, max-age={max_age}")) {
        h.insert(header::CACHE_CONTROL, v);
    }
    res
}

/// `GET /static/seed/{name}.svg` and `GET /static/seed/{name}.wav`.
pub async fn seed_file(
    State(state): State<AppState>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Response {
    // Drawn from the current content (an item an admin added or renamed draws too).
    let snap = match state.content.snapshot() {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    let s = &snap.seeds;
    let short = |n: &&str| n.len() <= 128;
    if let Some(name) = file.strip_suffix(".svg").filter(short) {
        if let Some(d) = drawing(s, name) {
            return svg_response(svg(name, &d), 86_400);
        }
    } else if let Some(name) = file.strip_suffix(".wav").filter(short)
        && let Some(bytes) = audio_preview::wav_of(s, name)
    {
        return audio_preview::response(&bytes, &headers, 86_400);
    } else if let Some(name) = file.strip_suffix(".jpg").filter(short)
        && let Some(bytes) = demo_photo::jpeg_of(s, name)
    {
        return demo_photo::response(bytes);
    }
    ApiError::not_found(format!("no such file: {file}")).into_response()
}

const ICONS: [(&str, &str); 18] = [
    ("home", include_str!("../../seed/icons/home.svg")),
    ("explore", include_str!("../../seed/icons/explore.svg")),
    ("effect", include_str!("../../seed/icons/effect.svg")),
    ("video", include_str!("../../seed/icons/video.svg")),
    ("image", include_str!("../../seed/icons/image.svg")),
    ("music", include_str!("../../seed/icons/music.svg")),
    ("tools", include_str!("../../seed/icons/tools.svg")),
    ("gift", include_str!("../../seed/icons/gift.svg")),
    ("close", include_str!("../../seed/icons/close.svg")),
    ("menu", include_str!("../../seed/icons/menu.svg")),
    ("globe", include_str!("../../seed/icons/globe.svg")),
    ("user", include_str!("../../seed/icons/user.svg")),
    ("library", include_str!("../../seed/icons/library.svg")),
    ("copy", include_str!("../../seed/icons/copy.svg")),
    ("check", include_str!("../../seed/icons/check.svg")),
    ("avatar", include_str!("../../seed/icons/avatar.svg")),
    ("sparkle", include_str!("../../seed/icons/sparkle.svg")),
    (
        "arrow-right",
        include_str!("../../seed/icons/arrow-right.svg"),
    ),
];

/// `GET /app_static/icons/{name}.svg`.
pub async fn icon(Path(file): Path<String>) -> Response {
    let found = file
        .strip_suffix(".svg")
        .and_then(|name| ICONS.iter().find(|(n, _)| *n == name));
    match found {
        Some((_, body)) => svg_response((*body).to_owned(), 86_400),
        None => ApiError::not_found(format!("no such icon: {file}")).into_response(),
    }
}

/// When this server started: the timestamp of the built-in `dev` build.
static STARTED_MS: LazyLock<i64> = LazyLock::new(crate::clock::now_ms);

fn json_file(body: Vec<u8>) -> Response {
    let mut res = body.into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

async fn build_file(state: &AppState, rel: &str) -> Option<Vec<u8>> {
    let path = state.cfg.static_dir.as_ref()?.join("builds").join(rel);
    tokio::fs::read(path).await.ok()
}

/// `GET /builds/latest.json` (any query, e.g. the poll's timestamp, is ignored).
pub async fn latest(State(state): State<AppState>) -> Response {
    match build_file(&state, "latest.json").await {
        Some(body) => json_file(body),
        None => json_file(
            json!({ "id": "dev", "timestamp": *STARTED_MS })
                .to_string()
                .into_bytes(),
        ),
    }
}

/// `GET /builds/meta/{id}.json`.
pub async fn meta(State(state): State<AppState>, Path(file): Path<String>) -> Response {
    let id = file.strip_suffix(".json").filter(|id| {
        !id.is_empty()
            && id.len() <= 128
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
    });
    let Some(id) = id else {
        return ApiError::not_found(format!("no build manifest {file}")).into_response();
    };
    if let Some(body) = build_file(&state, &format!("meta/{id}.json")).await {
        return json_file(body);
    }
    if id == "dev" {
        let manifest = json!({
            "id": "dev",
            "timestamp": *STARTED_MS,
            "matcher": { "static": {}, "wildcard": {}, "dynamic": {} },
            "prerendered": [],
        });
        return json_file(manifest.to_string().into_bytes());
    }
    ApiError::not_found(format!("no build manifest {id}")).into_response()
}

#[cfg(test)]
mod tests {
    use super::{GLYPH_EM, label_layout};

    #[test]
    fn a_long_label_fits_the_part_a_portrait_card_shows() {
        let (lines, font) = label_layout("Walking through fresh snow", 512, 288);
        assert_eq!(lines, ["Walking through", "fresh snow"]);
        let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f32;
        assert!(
            widest * GLYPH_EM * font as f32 <= 288.0 * 3.0 / 4.0,
            "{font}"
        );
        assert!(font >= 10);
    }

    #[test]
    fn a_short_label_stays_on_one_line_at_its_size() {
        assert_eq!(label_layout("Pet", 512, 512), (vec!["Pet".to_owned()], 40));
    }
}
