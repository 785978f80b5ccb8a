//! Creation helpers of the generator and tool pages (docs/behaviour/tasks-and-queue.md#task-inputs;
//! answers not shown):
//! - `GET /v1/common/prompt_sample?key=` → `{key, list:[{id, prompt}]}`: sample prompts of a
//!   creation screen (keys: text2video, image2video, text2image, image2image, video2anime,
//!   txt2Music, txt2Song);
//! - `GET /v1/prompt/category-and-presets?algorithm=&model_type=&lang=` → `{algorithm, lang,
//!   list:[{category, name, presets:[{id, title, prompt[, style, cover]}]}]}`: presets for a
//!   model, those made for other models (`model_type`) left out; names and titles in `lang` (one
//!   of the nine codes; without it the `X-Lang` header's, else English, `seed_texts`), which the
//!   answer's `lang` says; prompts stay English (they are what the model reads); a music style
//!   carries its English `style`, the value a music task and an audio template name it by;
//! - `GET /v1/common/demo/list?key=` → `{key, list:[{id, name, before, after}]}`: before/after
//!   pictures of an AI tool page (keys as the tool routes: bg-remover, video-enhancer, …);
//! - `GET /v1/ai/tts/voice` → `{list:[{voice_id, name, gender, lang, style}]}`.
//!
//! A missing or unknown key/algorithm answers 400 naming the field and listing the known ones.

use super::demo_photo;
use super::seed::seeds;
use super::seed_texts::call_lang;
use crate::api::{ApiError, ApiResult, List, ok};
use crate::params::{self, ApiQuery};
use crate::state::AppState;
use aivg_core::lang::Lang;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// `key`.
#[derive(Debug, Deserialize)]
pub struct KeyQuery {
    pub key: Option<String>,
}

fn known<'m, V>(
    field: &str,
    raw: Option<&str>,
    map: &'m std::collections::BTreeMap<String, V>,
) -> Result<(&'m str, &'m V), ApiError> {
    let names = || {
        map.keys()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let key = params::text(raw)
        .ok_or_else(|| ApiError::invalid(field, format!("missing: use one of {}", names())))?;
    map.get_key_value(key)
        .map(|(k, v)| (k.as_str(), v))
        .ok_or_else(|| {
            ApiError::invalid(
                field,
                format!(
                    "unknown {field} {:?}: use one of {}",
                    key.chars().take(64).collect::<String>(),
                    names()
                ),
            )
        })
}

/// A keyed list: the samples or demos of one key.
#[derive(Debug, Serialize)]
pub struct Keyed<'a, T> {
    pub key: &'a str,
    pub list: Vec<T>,
}

/// A prompt sample (ids from 1).
#[derive(Debug, Serialize)]
pub struct Sample<'a> {
    pub id: usize,
    pub prompt: &'a str,
}

/// `GET /v1/common/prompt_sample`.
pub async fn prompt_sample(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<KeyQuery>,
) -> ApiResult<Value> {
    let snap = state.content.snapshot()?;
    let (key, samples) = known("key", q.key.as_deref(), &snap.seeds.prompts.samples)?;
    let list = samples
        .iter()
        .enumerate()
        .map(|(i, p)| Sample {
            id: i + 1,
            prompt: p,
        })
        .collect();
    value(Keyed { key, list })
}

/// An answer borrowing from the content snapshot, made JSON while the snapshot is held.
fn value(view: impl Serialize) -> ApiResult<Value> {
    ok(serde_json::to_value(view).map_err(ApiError::internal)?)
}

/// Query of the presets.
#[derive(Debug, Deserialize)]
pub struct PresetsQuery {
    pub algorithm: Option<String>,
    pub model_type: Option<String>,
    pub lang: Option<String>,
}

/// A preset as answered; music styles carry their English `style` and a cover.
#[derive(Debug, Serialize)]
pub struct PresetView<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub prompt: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cover: Option<String>,
}

/// A preset category with its presets.
#[derive(Debug, Serialize)]
pub struct CategoryView<'a> {
    pub category: &'a str,
    pub name: &'a str,
    pub presets: Vec<PresetView<'a>>,
}

/// The answer of the presets.
#[derive(Debug, Serialize)]
pub struct Presets<'a> {
    pub algorithm: &'a str,
    pub model_type: String,
    pub lang: &'static str,
    pub list: Vec<CategoryView<'a>>,
}

/// `GET /v1/prompt/category-and-presets`.
pub async fn presets(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<PresetsQuery>,
) -> ApiResult<Value> {
    let snap = state.content.snapshot()?;
    let (algorithm, categories) = known(
        "algorithm",
        q.algorithm.as_deref(),
        &snap.seeds.prompts.presets,
    )?;
    if let Some(lang) = params::text(q.lang.as_deref())
        && Lang::from_code(lang).is_none()
    {
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        return Err(ApiError::invalid(
            "lang",
            format!("unknown language {lang:?}: use one of {}", codes.join(", ")),
        ));
    }
    let lang = call_lang(&headers, params::text(q.lang.as_deref()));
    let model = params::text(q.model_type.as_deref());
    if model.is_some_and(|m| m.len() > 64) {
        return Err(ApiError::invalid("model_type", "at most 64 characters"));
    }
    let with_styles = aivg_core::tasks::task_module(algorithm).is_some_and(|m| m.style);
    let list = categories
        .iter()
        .map(|c| {
            let presets = c
                .presets
                .iter()
                .filter(|p| {
                    p.published
                        && (p.model_types.is_empty()
                            || model.is_none_or(|m| p.model_types.iter().any(|t| t == m)))
                })
                .map(|p| PresetView {
                    id: &p.id,
                    title: p.title_i18n.pick(&p.title, lang),
                    prompt: &p.prompt,
                    style: with_styles.then_some(p.title.as_str()),
                    // Music styles show with a cover (docs/behaviour/tasks-and-queue.md#task-inputs
                    // music settings: styleCoverLink): a picture drawn by
                    // `/static/seed/style-{id}.svg`. The presets of a module with a music style
                    // (the catalogue's `style`) are styles.
                    cover: with_styles.then(|| format!("/static/seed/style-{}.svg", p.id)),
                })
                .collect();
            CategoryView {
                category: &c.category,
                name: c.name_i18n.pick(&c.name, lang),
                presets,
            }
        })
        .collect();
    value(Presets {
        algorithm,
        model_type: model.map_or(String::new(), str::to_owned),
        lang: lang.code(),
        list,
    })
}

/// A tool demo: pictures before and after.
#[derive(Debug, Serialize)]
pub struct Demo {
    pub id: usize,
    pub name: &'static str,
    pub before: String,
    pub after: String,
}

/// A tool page's examples, when its route has some (core's `demo_key`, which the app asks with
/// too): the answer `GET /v1/common/demo/list?key=` would give. `spa` preloads their pictures with
/// the page's HTML and writes the answer into it, so the page's first render has them without a
/// request (docs/performance.md, "first load, sixth round").
pub fn route_demos(origin: &str, route: &str) -> Option<Keyed<'static, Demo>> {
    let key = aivg_core::routes::demo_key(route)?;
    let (key, names) = seeds().ok()?.tools.demos.get_key_value(key.as_str())?;
    Some(demo_list(origin, key.as_str(), names))
}

/// The examples of tool `key`, named `names` in the seed.
fn demo_list(origin: &str, key: &'static str, names: &'static [String]) -> Keyed<'static, Demo> {
    let list = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let n = i + 1;
            Demo {
                id: n,
                name,
                before: demo_photo::url(origin, key, n, "before"),
                after: demo_photo::url(origin, key, n, "after"),
            }
        })
        .collect();
    Keyed { key, list }
}

/// `GET /v1/common/demo/list`.
pub async fn demos(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<KeyQuery>,
) -> ApiResult<Keyed<'static, Demo>> {
    let (key, names) = known("key", q.key.as_deref(), &seeds()?.tools.demos)?;
    let origin = crate::links::origin(&state.cfg, &headers);
    ok(demo_list(&origin, key, names))
}

/// `GET /v1/ai/tts/voice`.
pub async fn voices() -> ApiResult<List<&'static Value>> {
    ok(List {
        list: seeds()?.tools.voices.iter().collect(),
    })
}
