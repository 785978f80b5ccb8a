//! Effect templates (spec 01 §3 Template, §4 template lists, §7; spec 02 §7):
//! - `GET /v1/workflow/list?page_size&page&fun_module&fun_category&media` → `{list, paginate:
//!   {total, page, page_size}}`, page size default 25 (core's `TEMPLATE_PAGE_SIZE`), at most 100;
//! - `GET /v1/workflow/ct/list` → `{list:[{name, value: video|image, categories:[{id, title,
//!   total}]}]}`: the category tabs;
//! - `POST /v1/workflow/category/list {fun_module?, media?}` → `{list:[{id, title, media, total}]}`;
//! - `GET /v1/workflow/info?id` (or `tpl_id`) → one template; unknown id 404;
//! - `GET /v1/recommend/tpl?tag&action_conf&action_conf_value` → `{list}`: templates with the tag
//!   (a template tag, its kind or its media) whose `action_conf[action_conf]` equals the
//!   value (default 1); `action_conf` is `hot` or `new`;
//! - `POST /v1/workflow/direct {tpl_id, fields?}` → the ready-to-send generation request of a
//!   template: `{tpl_id, algorithm, module, create_path, payload: {data, user_data}}`.
//!   Decision: it checks the fields against the template's request fields but starts nothing;
//!   the client posts `payload` to `create_path` (the tasks area owns task creation). Video
//!   effects run the `effect` task module, image effects `image2image`, both with
//!   `user_data.module` effect and `file_path` (plus `file_path_2`, `prompt`) in `data`.
//!
//! A template: `{tpl_id, name, fun_module, category_id, category, media, thumbnail,
//! thumbnail_link, preview_url, cover_conf{thumbnail_url, preview_url}, action_conf{hot, new},
//! extra{width, height, format}, tags, info{algorithm, module, request}}`.

use super::assets::{media_url, ratio_size};
use super::params::{self, ApiQuery};
use super::seed::{Seeds, Template, seeds};
use crate::api::{ApiError, ApiResult, ok};
use crate::app::AppState;
use aivg_core::progress::TEMPLATE_PAGE_SIZE;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// The module of every seeded template.
pub const EFFECT_MODULE: &str = "effect";
const MAX_PAGE_SIZE: i64 = 100;

/// A template in its wire shape.
pub fn template_json(s: &Seeds, origin: &str, t: &Template) -> Value {
    let category = s.templates.categories.iter().find(|c| c.id == t.category);
    let kind = s.templates.kinds.get(&t.kind);
    let media = category.map_or("video", |c| c.media.as_str());
    let (width, height) = ratio_size(&t.ratio);
    let thumb = media_url(origin, &format!("tpl-{}", t.tpl_id));
    let preview = media_url(origin, &format!("tpl-{}-preview", t.tpl_id));
    json!({
        "tpl_id": t.tpl_id,
        "name": t.name,
        "fun_module": EFFECT_MODULE,
        "category_id": t.category,
        "category": category.map_or("", |c| c.title.as_str()),
        "media": media,
        "thumbnail": thumb,
        "thumbnail_link": thumb,
        "preview_url": preview,
        "cover_conf": { "thumbnail_url": thumb, "preview_url": preview },
        "action_conf": { "hot": t.hot, "new": t.new },
        "extra": { "width": width, "height": height, "format": "svg" },
        "tags": t.tags,
        "info": {
            "algorithm": kind.map_or("", |k| k.algorithm.as_str()),
            "module": kind.map_or(EFFECT_MODULE, |k| k.module.as_str()),
            "request": kind.map(|k| k.request.clone()).unwrap_or_default(),
        },
    })
}

/// `media`: "", `video` or `image`.
pub fn parse_media(raw: Option<&str>) -> Result<Option<&str>, ApiError> {
    match params::text(raw) {
        None | Some("all") => Ok(None),
        Some(m @ ("video" | "image")) => Ok(Some(m)),
        Some(other) => Err(ApiError::invalid(
            "media",
            format!("must be video or image, got {other:?}"),
        )),
    }
}

fn parse_module(raw: Option<&str>) -> Result<&str, ApiError> {
    let m = params::text(raw).unwrap_or(EFFECT_MODULE);
    if m.len() <= 32
        && m.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        Ok(m)
    } else {
        Err(ApiError::invalid(
            "fun_module",
            format!("{m:?} is not a module name like effect"),
        ))
    }
}

fn media_of<'a>(s: &'a Seeds, t: &Template) -> &'a str {
    s.templates
        .categories
        .iter()
        .find(|c| c.id == t.category)
        .map_or("video", |c| c.media.as_str())
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
) -> ApiResult<Value> {
    let s = seeds()?;
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
        .filter(|_| module == EFFECT_MODULE)
        .filter(|t| category == 0 || t.category == category)
        .filter(|t| media.is_none_or(|m| media_of(s, t) == m))
        .collect();
    let origin = params::origin(&state, &headers);
    let skip = usize::try_from((page - 1) * size).unwrap_or(usize::MAX);
    let take = usize::try_from(size).unwrap_or(0);
    let list: Vec<Value> = matching
        .iter()
        .skip(skip)
        .take(take)
        .map(|t| template_json(s, &origin, t))
        .collect();
    ok(
        json!({ "list": list, "paginate": { "total": matching.len(), "page": page, "page_size": size } }),
    )
}

fn categories(s: &Seeds, media: Option<&str>) -> Vec<Value> {
    s.templates
        .categories
        .iter()
        .filter(|c| media.is_none_or(|m| c.media == m))
        .map(|c| {
            let total = s
                .templates
                .templates
                .iter()
                .filter(|t| t.category == c.id)
                .count();
            json!({ "id": c.id, "title": c.title, "media": c.media, "total": total })
        })
        .collect()
}

/// Query of the tabs (fun_module only; other keys ignored).
#[derive(Debug, Deserialize)]
pub struct CtQuery {
    pub fun_module: Option<String>,
}

/// `GET /v1/workflow/ct/list`.
pub async fn ct_list(ApiQuery(q): ApiQuery<CtQuery>) -> ApiResult<Value> {
    let s = seeds()?;
    let module = parse_module(q.fun_module.as_deref())?;
    let tabs: Vec<Value> = [("Video", "video"), ("Image", "image")]
        .into_iter()
        .map(|(name, value)| {
            let cats = if module == EFFECT_MODULE {
                categories(s, Some(value))
            } else {
                Vec::new()
            };
            json!({ "name": name, "value": value, "categories": cats })
        })
        .collect();
    ok(json!({ "list": tabs }))
}

/// `POST /v1/workflow/category/list`.
pub async fn category_list(body: Bytes) -> ApiResult<Value> {
    let body = params::object_body(&body)?;
    let s = seeds()?;
    let module = parse_module(params::text_param("fun_module", &body, "fun_module")?)?;
    let media = parse_media(params::text_param("media", &body, "media")?)?;
    let list = if module == EFFECT_MODULE {
        categories(s, media)
    } else {
        Vec::new()
    };
    ok(json!({ "list": list }))
}

/// `id` or `tpl_id`.
#[derive(Debug, Deserialize)]
pub struct IdQuery {
    pub id: Option<String>,
    pub tpl_id: Option<String>,
}

fn find(s: &Seeds, id: i64) -> Result<&Template, ApiError> {
    s.templates
        .templates
        .iter()
        .find(|t| t.tpl_id == id)
        .ok_or_else(|| ApiError::not_found(format!("id: no template {id}")))
}

/// `GET /v1/workflow/info`.
pub async fn info(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<Value> {
    let s = seeds()?;
    let raw = q.id.as_deref().or(q.tpl_id.as_deref());
    let id = params::int("id", raw, None, 1, i64::MAX)?;
    ok(template_json(
        s,
        &params::origin(&state, &headers),
        find(s, id)?,
    ))
}

/// Query of the recommendations.
#[derive(Debug, Deserialize)]
pub struct RecommendQuery {
    pub tag: Option<String>,
    pub action_conf: Option<String>,
    pub action_conf_value: Option<String>,
}

/// `GET /v1/recommend/tpl`.
pub async fn recommend(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<RecommendQuery>,
) -> ApiResult<Value> {
    let s = seeds()?;
    let tag = params::text(q.tag.as_deref());
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
    let origin = params::origin(&state, &headers);
    let list: Vec<Value> = s
        .templates
        .templates
        .iter()
        .filter(|t| {
            tag.is_none_or(|g| t.tags.iter().any(|x| x == g) || t.kind == g || media_of(s, t) == g)
        })
        .filter(|t| match conf {
            Some("hot") => t.hot == value,
            Some(_) => t.new == value,
            None => true,
        })
        .take(24)
        .map(|t| template_json(s, &origin, t))
        .collect();
    ok(json!({ "list": list, "total": list.len() }))
}

/// `POST /v1/workflow/direct`.
pub async fn direct(body: Bytes) -> ApiResult<Value> {
    let body = params::object_body(&body)?;
    let s = seeds()?;
    let id = params::json_int(
        "tpl_id",
        body.get("tpl_id").unwrap_or(&Value::Null),
        1,
        i64::MAX,
    )?
    .ok_or_else(|| ApiError::invalid("tpl_id", "missing: give the template id"))?;
    let t = find(s, id).map_err(|_| ApiError::invalid("tpl_id", format!("no template {id}")))?;
    let kind = s
        .templates
        .kinds
        .get(&t.kind)
        .ok_or_else(|| ApiError::internal("template kind"))?;
    let empty = Map::new();
    let fields = match body.get("fields") {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(m)) => m,
        Some(other) => {
            return Err(ApiError::invalid(
                "fields",
                format!("must be an object of field values, got {other}"),
            ));
        }
    };
    let known: Vec<&str> = kind
        .request
        .iter()
        .filter_map(|f| f.get("field").and_then(Value::as_str))
        .collect();
    if let Some(unknown) = fields.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(ApiError::invalid(
            &format!("fields.{unknown}"),
            format!("not a field of this template: use {}", known.join(", ")),
        ));
    }
    if !fields.is_empty() {
        for f in &kind.request {
            let name = f.get("field").and_then(Value::as_str).unwrap_or_default();
            let required = f.get("required").and_then(Value::as_bool).unwrap_or(false);
            let given = fields
                .get(name)
                .and_then(Value::as_str)
                .is_some_and(|v| !v.trim().is_empty());
            if required && !given {
                return Err(ApiError::invalid(&format!("fields.{name}"), "required"));
            }
        }
    }
    let user_data =
        json!({ "module": kind.module, "isFromTpl": true, "name": t.name, "tpl_id": t.tpl_id });
    ok(json!({
        "tpl_id": t.tpl_id,
        "algorithm": kind.algorithm,
        "module": kind.module,
        "create_path": format!("/v1/ai/create/{}", kind.algorithm),
        "payload": { "data": fields, "user_data": user_data },
        "request": kind.request,
    }))
}
