//! The wire shape of a template (docs/behaviour/tasks-and-queue.md#templates Template and "Template
//! item for audio", docs/behaviour/tasks-and-queue.md#templates Template), built from its compact
//! seed form.
//!
//! Video and image templates (module `effect`):
//! `{tpl_id, name, fun_module, category_id, category, media, thumbnail, thumbnail_link,
//! preview_url, cover_conf{thumbnail_url, preview_url}, action_conf{hot, new}, extra{width,
//! height, format: svg}, tags, info{algorithm, module, request[, ratio_lower, ratio_upper]}}`;
//! `info.ratio_lower`/`ratio_upper` appear on two-image kinds
//! (docs/behaviour/uploads.md#aspect-ratios bounds of the two uploads' height/width ratio quotient,
//! checked by `POST /v1/workflow/direct`).
//!
//! A template with media an operator uploaded (`media.picture`, `media.video`, `media.audio`,
//! see `content_media`) shows them instead: the picture as `thumbnail` (and `extra.format` its
//! type), the video (else the picture) as a video or image template's `preview_url`, the tune
//! as an audio template's.
//!
//! Audio templates (module `music`, the text-to-music screen's template list) have the same keys
//! plus `description`, with: `media: audio`; `thumbnail`/`thumbnail_link` = the cover of their
//! music style (`/static/seed/style-{preset id}.svg`, the same picture as the style's
//! `cover` in `/v1/prompt/category-and-presets`); `preview_url` = a WAV tune
//! (`/static/seed/tpl-{id}-preview.wav`, see `audio_preview`); `extra{format: wav, duration}`
//! where `duration` is the preview file's seconds; and `info{algorithm, module, request, prompt,
//! style, duration}` where `prompt`, `style` (a txt2Music preset title) and `duration` (the
//! track's seconds) fill the music form.

use super::audio_preview;
use super::seed::{Category, EFFECT_MODULE, Seeds, Template};
use super::seed_media::{content_url, media_url, ratio_size};
use aivg_core::lang::Lang;
use serde_json::{Value, json};

/// The category of a template.
pub fn category_of<'a>(s: &'a Seeds, t: &Template) -> Option<&'a Category> {
    s.templates.categories.iter().find(|c| c.id == t.category)
}

/// The media of a template: its category's (`video`, `image` or `audio`).
pub fn media_of<'a>(s: &'a Seeds, t: &Template) -> &'a str {
    category_of(s, t).map_or("video", |c| c.media.as_str())
}

/// The module (`fun_module`) of a template: its category's.
pub fn module_of<'a>(s: &'a Seeds, t: &Template) -> &'a str {
    category_of(s, t).map_or(EFFECT_MODULE, |c| c.module.as_str())
}

/// A template in its wire shape, its name, category and description in `lang` (English where
/// the seed has none, `seed_texts`).
pub fn template_json(s: &Seeds, origin: &str, t: &Template, lang: Lang) -> Value {
    let category = category_of(s, t);
    let kind = s.templates.kinds.get(&t.kind);
    let media = media_of(s, t);
    let mut info = json!({
        "algorithm": kind.map_or("", |k| k.algorithm.as_str()),
        "module": kind.map_or(EFFECT_MODULE, |k| k.module.as_str()),
        "request": kind.map(|k| k.request.clone()).unwrap_or_default(),
    });
    if let (Some(k), Some(map)) = (kind, info.as_object_mut())
        && let (Some(lower), Some(upper)) = (k.ratio_lower, k.ratio_upper)
    {
        map.insert("ratio_lower".into(), json!(lower));
        map.insert("ratio_upper".into(), json!(upper));
    }
    let (thumb, preview, extra) = if media == "audio" {
        let style = t.style.as_deref().unwrap_or_default();
        let cover = s.prompts.music_style(style).map_or_else(String::new, |p| {
            media_url(origin, &format!("style-{}", p.id))
        });
        if let Some(map) = info.as_object_mut() {
            map.insert(
                "prompt".into(),
                json!(t.prompt.as_deref().unwrap_or_default()),
            );
            map.insert("style".into(), json!(style));
            map.insert("duration".into(), json!(t.duration.unwrap_or_default()));
        }
        let extra = json!({ "format": "wav", "duration": audio_preview::PREVIEW_SECONDS });
        (cover, audio_preview::url(origin, t.tpl_id), extra)
    } else {
        let (width, height) = ratio_size(t.ratio.as_deref().unwrap_or_default());
        (
            media_url(origin, &format!("tpl-{}", t.tpl_id)),
            media_url(origin, &format!("tpl-{}-preview", t.tpl_id)),
            json!({ "width": width, "height": height, "format": "svg" }),
        )
    };
    // Media an operator uploaded (`content_media`) replace the drawn seed pictures and tunes.
    let uploaded = |key: &Option<String>| key.as_deref().map(|k| content_url(origin, k));
    let thumb = uploaded(&t.media.picture).unwrap_or(thumb);
    let preview = match media {
        "audio" => uploaded(&t.media.audio),
        _ => uploaded(&t.media.video).or_else(|| uploaded(&t.media.picture)),
    }
    .unwrap_or(preview);
    let mut extra = extra;
    if media != "audio"
        && let (Some(key), Some(map)) = (&t.media.picture, extra.as_object_mut())
    {
        let ext = key.rsplit_once('.').map_or("", |(_, e)| e);
        map.insert("format".into(), json!(ext));
    }
    let mut out = json!({
        "tpl_id": t.tpl_id,
        "name": t.name_i18n.pick(&t.name, lang),
        "fun_module": module_of(s, t),
        "category_id": t.category,
        "category": category.map_or("", |c| c.title_i18n.pick(&c.title, lang)),
        "media": media,
        "thumbnail": thumb,
        "thumbnail_link": thumb,
        "preview_url": preview,
        "cover_conf": { "thumbnail_url": thumb, "preview_url": preview },
        "action_conf": { "hot": t.hot, "new": t.new },
        "extra": extra,
        "tags": t.tags,
        "info": info,
    });
    if let (Some(d), Some(map)) = (&t.description, out.as_object_mut()) {
        map.insert(
            "description".into(),
            json!(t.description_i18n.pick(d, lang)),
        );
    }
    out
}
