//! The consistency checks of `seed/templates.json`, run when the seeds load (a failure makes the
//! template calls answer 500 and the unit test of `seed.rs` fail).

use super::seed::{Prompts, Seeds, Templates, check};
use crate::tasks::modules::MAX_DURATION_S;

/// A template module name: 1 to 32 ASCII letters, digits, `_` or `-` (the seeds are held to it too).
pub(super) fn module_name_ok(m: &str) -> bool {
    !m.is_empty()
        && m.len() <= 32
        && m.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// An object key of uploaded content media: `content/` then 1 to 100 letters, digits, `.`, `_`
/// or `-`, not starting with a dot (what `admin/content_media.rs` makes).
pub fn content_key_ok(key: &str) -> bool {
    key.strip_prefix("content/").is_some_and(|name| {
        !name.is_empty()
            && name.len() <= 100
            && !name.starts_with('.')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    })
}

const MEDIA: [&str; 3] = ["video", "image", "audio"];

/// Every text a visitor reads from the seeds is given in every interface language
/// (`seed_texts`): preset titles and their categories, template names, descriptions and
/// categories, explore captions, zone names and descriptions (when `complete`, as the seed files
/// are; an operator's edit may leave languages out, see `Translations::check`).
pub fn translations(s: &Seeds, complete: bool) -> Result<(), String> {
    for (algorithm, categories) in &s.prompts.presets {
        for c in categories {
            let at = format!("seed/prompts.json: {algorithm} category {}", c.category);
            c.name_i18n.check(&format!("{at} name_i18n"), complete)?;
            for p in &c.presets {
                p.title_i18n
                    .check(&format!("{at}: preset {} title_i18n", p.id), complete)?;
            }
        }
    }
    for c in &s.templates.categories {
        c.title_i18n.check(
            &format!("seed/templates.json: category {} title_i18n", c.id),
            complete,
        )?;
    }
    for t in &s.templates.templates {
        let at = format!("seed/templates.json: template {}", t.tpl_id);
        t.name_i18n.check(&format!("{at} name_i18n"), complete)?;
        if t.description.is_some() {
            t.description_i18n
                .check(&format!("{at} description_i18n"), complete)?;
        }
    }
    for i in &s.explore.items {
        i.title_i18n.check(
            &format!("seed/explore.json: item {} title_i18n", i.id),
            complete,
        )?;
    }
    for z in &s.explore.zones {
        let at = format!("seed/explore.json: zone {}", z.id);
        z.name_i18n.check(&format!("{at} name_i18n"), complete)?;
        z.description_i18n
            .check(&format!("{at} description_i18n"), complete)?;
    }
    Ok(())
}

/// Kinds, categories and templates agree with each other and with the music styles of
/// `seed/prompts.json`.
pub fn templates(t: &Templates, prompts: &Prompts) -> Result<(), String> {
    const AT: &str = "seed/templates.json";
    for (name, k) in &t.kinds {
        check(MEDIA.contains(&k.media.as_str()), || {
            format!("{AT}: kind {name}: unknown media {}", k.media)
        })?;
        // docs/behaviour/uploads.md#aspect-ratios: a lower and an upper bound of the two images'
        // ratio quotient; 1 (same shape) must pass, or no pair of uploads could.
        match (k.ratio_lower, k.ratio_upper) {
            (None, None) => {}
            (Some(lower), Some(upper)) => check(
                lower.is_finite()
                    && upper.is_finite()
                    && 0.0 < lower
                    && lower <= 1.0
                    && 1.0 <= upper,
                || format!("{AT}: kind {name}: needs 0 < ratio_lower <= 1 <= ratio_upper"),
            )?,
            _ => {
                return Err(format!(
                    "{AT}: kind {name}: give both ratio_lower and ratio_upper, or neither"
                ));
            }
        }
    }
    for (i, c) in t.categories.iter().enumerate() {
        check(MEDIA.contains(&c.media.as_str()), || {
            format!("{AT}: category {}: unknown media {}", c.id, c.media)
        })?;
        check(module_name_ok(&c.module), || {
            format!("{AT}: category {}: bad module name {:?}", c.id, c.module)
        })?;
        check(!t.categories.iter().take(i).any(|o| o.id == c.id), || {
            format!("{AT}: category {} listed twice", c.id)
        })?;
    }
    for (i, tpl) in t.templates.iter().enumerate() {
        let at = || format!("{AT}: template {}", tpl.tpl_id);
        let category = t.categories.iter().find(|c| c.id == tpl.category);
        let category = category.ok_or_else(|| format!("{}: unknown category", at()))?;
        let kind = t.kinds.get(&tpl.kind);
        let kind = kind.ok_or_else(|| format!("{}: unknown kind", at()))?;
        check(kind.media == category.media, || {
            format!(
                "{}: a {} kind in a {} category",
                at(),
                kind.media,
                category.media
            )
        })?;
        check(
            !t.templates.iter().take(i).any(|o| o.tpl_id == tpl.tpl_id),
            || format!("{}: listed twice", at()),
        )?;
        check(tpl.tpl_id > 0, || {
            format!("{}: tpl_id must be positive", at())
        })?;
        check(!tpl.name.trim().is_empty(), || {
            format!("{}: name is empty", at())
        })?;
        for (field, key) in [
            ("media.picture", &tpl.media.picture),
            ("media.video", &tpl.media.video),
            ("media.audio", &tpl.media.audio),
        ] {
            check(key.as_deref().is_none_or(content_key_ok), || {
                format!("{}: {field} is not an uploaded file (content/…)", at())
            })?;
        }
        if category.media == "audio" {
            audio_template(tpl, prompts).map_err(|e| format!("{}: {e}", at()))?;
        } else {
            let ratio_ok = tpl
                .ratio
                .as_deref()
                .is_some_and(|r| aivg_core::crop::aspect_ratio_size(r).is_ok());
            check(ratio_ok, || format!("{}: missing or unknown ratio", at()))?;
            check(
                tpl.description.is_none()
                    && tpl.prompt.is_none()
                    && tpl.style.is_none()
                    && tpl.duration.is_none(),
                || {
                    format!(
                        "{}: description, prompt, style and duration are for audio templates",
                        at()
                    )
                },
            )?;
        }
    }
    Ok(())
}

/// An audio template (docs/behaviour/tasks-and-queue.md#templates "Template item for audio"): a
/// sentence, a music prompt the music form accepts (docs/behaviour/tasks-and-queue.md#task-inputs:
/// at least 10 characters), a known style, a duration the task call accepts, and no ratio.
fn audio_template(tpl: &super::seed::Template, prompts: &Prompts) -> Result<(), String> {
    check(tpl.ratio.is_none(), || {
        "audio templates have no ratio".to_owned()
    })?;
    check(
        tpl.description
            .as_deref()
            .is_some_and(|d| !d.trim().is_empty()),
        || "needs a description".to_owned(),
    )?;
    let prompt = tpl.prompt.as_deref().unwrap_or_default();
    aivg_core::ui::validate_music_prompt(prompt).map_err(|e| format!("prompt: {e}"))?;
    let style = tpl.style.as_deref().unwrap_or_default();
    check(prompts.music_style(style).is_some(), || {
        format!("style {style:?} is not the title of a txt2Music preset of seed/prompts.json")
    })?;
    check(
        tpl.duration
            .is_some_and(|d| (1..=MAX_DURATION_S).contains(&i64::from(d))),
        || format!("needs a duration from 1 to {MAX_DURATION_S} seconds"),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::seed::{Prompts, Templates};
    use serde_json::{Value, json};

    fn prompts() -> Prompts {
        serde_json::from_value(json!({"samples": {}, "presets": {"txt2Music": [{"category": "genre",
            "name": "Genre", "presets": [{"id": "m-lofi", "title": "Lo-fi", "prompt": "lo-fi"}]}]}}))
        .unwrap()
    }

    /// A duo kind with `bounds` and an audio template with `audio` merged in.
    fn seed(bounds: Value, audio: Value) -> Templates {
        let mut duo =
            json!({"algorithm": "effect", "module": "effect", "media": "video", "request": []});
        let mut tpl = json!({"tpl_id": 2001, "name": "A", "category": 7, "kind": "music",
            "hot": 0, "description": "Calm.", "prompt": "a calm lo-fi beat at night",
            "style": "Lo-fi", "duration": 30});
        for (target, extra) in [(&mut duo, bounds), (&mut tpl, audio)] {
            for (k, v) in extra.as_object().unwrap() {
                target[k] = v.clone();
            }
        }
        serde_json::from_value(json!({
            "kinds": {"duo": duo, "music": {"algorithm": "mai_tcm", "module": "txt2Music",
                "media": "audio", "request": []}},
            "categories": [{"id": 7, "title": "Chill", "media": "audio", "module": "music"}],
            "templates": [tpl],
        }))
        .unwrap()
    }

    fn problem(bounds: Value, audio: Value) -> String {
        super::templates(&seed(bounds, audio), &prompts()).unwrap_err()
    }

    #[test]
    fn good_seeds_pass() {
        let ok = seed(json!({"ratio_lower": 0.5, "ratio_upper": 2.0}), json!({}));
        super::templates(&ok, &prompts()).unwrap();
    }

    #[test]
    fn ratio_bounds_come_in_pairs_around_one() {
        assert!(problem(json!({"ratio_lower": 0.5}), json!({})).contains("both"));
        for (lower, upper) in [(0.0, 2.0), (1.5, 2.0), (0.5, 0.9), (-1.0, 2.0)] {
            let p = problem(
                json!({"ratio_lower": lower, "ratio_upper": upper}),
                json!({}),
            );
            assert!(p.contains("0 < ratio_lower <= 1 <= ratio_upper"), "{p}");
        }
    }

    #[test]
    fn audio_templates_need_their_fields() {
        for (audio, words) in [
            (
                json!({"style": "Jazz"}),
                "not the title of a txt2Music preset",
            ),
            (json!({"prompt": "short"}), "prompt"),
            (json!({"description": " "}), "description"),
            (json!({"duration": 0}), "duration"),
            (json!({"ratio": "1:1"}), "no ratio"),
        ] {
            let p = problem(json!({}), audio.clone());
            assert!(p.contains(words), "{audio}: {p}");
        }
    }
}
