//! Template lists (docs/behaviour/tasks-and-queue.md#templates template list modal, #templates
//! Template, #templates template lists, #templates; docs/behaviour/tasks-and-queue.md#templates).
//! Every call takes a template module, `fun_module` (default `effect`): the effect pages' video and
//! image templates, or `music`, the audio templates the text-to-music screen offers (a template's
//! module is its category's). Callers that send no `fun_module` get what they always got: effect
//! templates only.
//! - `GET /v1/workflow/list?page_size&page&fun_module&fun_category&media` → `{list, paginate:
//!   {total, page, page_size}}`, page size default 25 (core's `TEMPLATE_PAGE_SIZE`), at most 100;
//!   `media` is `video`, `image`, `audio` or `all`;
//! - `GET /v1/workflow/ct/list?fun_module` → `{list:[{name, value, categories:[{id, title,
//!   media, total}]}]}`: the category tabs, one per media the module has, in the order video
//!   (`Video`), image (`Image`), audio (`Audio`): effect → Video and Image, music → Audio; a
//!   module without templates → no tabs;
//! - `POST /v1/workflow/category/list {fun_module?, media?}` → `{list:[{id, title, media, total}]}`;
//! - `GET /v1/workflow/info?id` (or `tpl_id`) → one template, of any module; unknown id 404;
//! - `GET /v1/recommend/tpl?tag&action_conf&action_conf_value&fun_module` → `{list, total}`:
//!   the module's templates (at most 24) with the tag (a template tag, its kind or its media)
//!   whose `action_conf[action_conf]` equals the value (default 1); `action_conf` is `hot` or
//!   `new`.
//!
//! The wire shape of a template is `template_shape`'s; `POST /v1/workflow/direct` is `direct`'s.

use super::seed::{EFFECT_MODULE, Seeds, Template};
use super::seed_checks::module_name_ok;
use super::seed_texts::call_lang;
use super::template_shape::{media_of, module_of, template_json};
use crate::api::{ApiError, ApiResult, List, Paged, ok};
use crate::params::{self, ApiQuery};
use crate::state::AppState;
use aivg_core::lang::Lang;
use aivg_core::templates::TEMPLATE_PAGE_SIZE;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;

const MAX_PAGE_SIZE: i64 = 100;

/// The tabs of `ct/list`: media and tab name, in order.
const TABS: [(&str, &str); 3] = [("video", "Video"), ("image", "Image"), ("audio", "Audio")];

/// `media` of the template calls: none (or `all`), `video`, `image` or `audio`.
pub fn parse_media(raw: Option<&str>) -> Result<Option<&str>, ApiError> {
    params::media(raw, &["video", "image", "audio"])
}

fn parse_module(raw: Option<&str>) -> Result<&str, ApiError> {
    let m = params::text(raw).unwrap_or(EFFECT_MODULE);
    if module_name_ok(m) {
        Ok(m)
    } else {
        Err(ApiError::invalid(
            "fun_module",
            format!("{m:?} is not a module name like effect"),
        ))
    }
}

/// Query of the list.
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    pub page: Option<String>,
    pub page_size: Option<String>,
    pub fun_module: Option<String>,
    pub fun_category: Option<String>,
    pub media: Option<String>,
}

/// `GET /v1/workflow/list`.
pub async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Paged<Value>> {
    let snap = state.content.snapshot()?;
    let s = &snap.seeds;
    let page = params::int("page", q.page.as_deref(), Some(1), 1, 1_000_000)?;
    let size = params::int(
        "page_size",
        q.page_size.as_deref(),
        Some(i64::from(TEMPLATE_PAGE_SIZE)),
        1,
        MAX_PAGE_SIZE,
    )?;
    let module = parse_module(q.fun_module.as_deref())?;
    let media = parse_media(q.media.as_deref())?;
    let category = params::int(
        "fun_category",
        q.fun_category.as_deref(),
        Some(0),
        0,
        i64::MAX,
    )?;
    if category != 0 && !s.templates.categories.iter().any(|c| c.id == category) {
        return Err(ApiError::invalid(
            "fun_category",
            format!("no category {category}"),
        ));
    }
    let matching: Vec<&Template> = s
        .templates
        .templates
        .iter()
        .filter(|t| t.published && module_of(s, t) == module)
        .filter(|t| category == 0 || t.category == category)
        .filter(|t| media.is_none_or(|m| media_of(s, t) == m))
        .collect();
    let origin = crate::links::origin(&state.cfg, &headers);
    let lang = call_lang(&headers, None);
    ok(Paged::of(&matching, page, size, |t| {
        template_json(s, &origin, t, lang)
    }))
}

/// A template category with its template count.
#[derive(Debug, Serialize)]
pub struct CategoryView {
    pub id: i64,
    pub title: String,
    pub media: String,
    pub total: usize,
}

/// A category tab: one media of a module.
#[derive(Debug, Serialize)]
pub struct Tab {
    pub name: &'static str,
    pub value: &'static str,
    pub categories: Vec<CategoryView>,
}

fn categories(s: &Seeds, module: &str, media: Option<&str>, lang: Lang) -> Vec<CategoryView> {
    s.templates
        .categories
        .iter()
        .filter(|c| c.module == module && media.is_none_or(|m| c.media == m))
        .map(|c| {
            let total = s
                .templates
                .templates
                .iter()
                .filter(|t| t.published && t.category == c.id)
                .count();
            CategoryView {
                id: c.id,
                title: c.title_i18n.pick(&c.title, lang).to_owned(),
                media: c.media.clone(),
                total,
            }
        })
        .collect()
}

/// Query of the tabs (fun_module only; other keys ignored).
#[derive(Debug, Deserialize)]
pub struct CtQuery {
    pub fun_module: Option<String>,
}

/// `GET /v1/workflow/ct/list`.
pub async fn ct_list(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<CtQuery>,
) -> ApiResult<List<Tab>> {
    let snap = state.content.snapshot()?;
    let s = &snap.seeds;
    let lang = call_lang(&headers, None);
    let module = parse_module(q.fun_module.as_deref())?;
    let list = TABS
        .into_iter()
        .map(|(value, name)| (value, name, categories(s, module, Some(value), lang)))
        .filter(|(_, _, cats)| !cats.is_empty())
        .map(|(value, name, categories)| Tab {
            name,
            value,
            categories,
        })
        .collect();
    ok(List { list })
}

/// `POST /v1/workflow/category/list`.
pub async fn category_list(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<List<CategoryView>> {
    let body = params::object_body(&body)?;
    let snap = state.content.snapshot()?;
    let s = &snap.seeds;
    let module = parse_module(params::text_param("fun_module", &body, "fun_module")?)?;
    let media = parse_media(params::text_param("media", &body, "media")?)?;
    ok(List {
        list: categories(s, module, media, call_lang(&headers, None)),
    })
}

/// `id` or `tpl_id`.
#[derive(Debug, Deserialize)]
pub struct IdQuery {
    pub id: Option<String>,
    pub tpl_id: Option<String>,
}

pub(super) fn find(s: &Seeds, id: i64) -> Result<&Template, ApiError> {
    s.templates
        .templates
        .iter()
        .find(|t| t.published && t.tpl_id == id)
        .ok_or_else(|| ApiError::not_found(format!("id: no template {id}")))
}

/// `GET /v1/workflow/info`.
pub async fn info(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<Value> {
    let snap = state.content.snapshot()?;
    let s = &snap.seeds;
    let raw = q.id.as_deref().or(q.tpl_id.as_deref());
    let id = params::int("id", raw, None, 1, i64::MAX)?;
    ok(template_json(
        s,
        &crate::links::origin(&state.cfg, &headers),
        find(s, id)?,
        call_lang(&headers, None),
    ))
}

/// Query of the recommendations.
#[derive(Debug, Deserialize)]
pub struct RecommendQuery {
    pub tag: Option<String>,
    pub action_conf: Option<String>,
    pub action_conf_value: Option<String>,
    pub fun_module: Option<String>,
}

/// The recommended templates and their count.
#[derive(Debug, Serialize)]
pub struct Recommended {
    pub list: Vec<Value>,
    pub total: usize,
}

/// `GET /v1/recommend/tpl`.
pub async fn recommend(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<RecommendQuery>,
) -> ApiResult<Recommended> {
    let snap = state.content.snapshot()?;
    let s = &snap.seeds;
    let tag = params::text(q.tag.as_deref());
    let module = parse_module(q.fun_module.as_deref())?;
    let conf = match params::text(q.action_conf.as_deref()) {
        None => None,
        Some(c @ ("hot" | "new")) => Some(c),
        Some(other) => {
            return Err(ApiError::invalid(
                "action_conf",
                format!("must be hot or new, got {other:?}"),
            ));
        }
    };
    let value = params::int(
        "action_conf_value",
        q.action_conf_value.as_deref(),
        Some(1),
        0,
        1,
    )?;
    let lang = call_lang(&headers, None);
    let origin = crate::links::origin(&state.cfg, &headers);
    let list: Vec<Value> = s
        .templates
        .templates
        .iter()
        .filter(|t| t.published && module_of(s, t) == module)
        .filter(|t| {
            tag.is_none_or(|g| t.tags.iter().any(|x| x == g) || t.kind == g || media_of(s, t) == g)
        })
        .filter(|t| match conf {
            Some("hot") => t.hot == value,
            Some(_) => t.new == value,
            None => true,
        })
        .take(24)
        .map(|t| template_json(s, &origin, t, lang))
        .collect();
    ok(Recommended {
        total: list.len(),
        list,
    })
}
