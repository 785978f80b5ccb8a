//! Library resources (docs/behaviour/calls-and-errors.md#the-calls workflow resource calls;
//! payloads partly and answers not shown):
//! - `POST /v1/workflow/resource/list {params:{page, page_size, type, category, keyword},
//!   operation}` → `{list, paginate:{total, page, page_size}}`; `operation` is `list` (default)
//!   or `search` (needs `params.keyword`, matched case-insensitively in name and tags); paging
//!   keys are also read from the top level of the body;
//! - `GET /v1/workflow/resource/info?id` → one resource (404 when unknown);
//! - `POST /v1/workflow/resource/export {res_id, export_type}` → `{res_id, export_type, url,
//!   file_name}`. Decision: seeded resources exist only as the SVGs this server draws, so the
//!   export types are `svg` and `original` (the same file); others answer 400 naming
//!   `export_type`.
//!
//! A resource: `{id, name, type: image|video, category, tags, thumbnail, url, width, height,
//! format, duration}` (duration in seconds of the animated preview, 0 for images).

use super::seed::{Resource, Seeds};
use super::seed_media::{media_url, ratio_size};
use crate::api::{ApiError, ApiResult, Paged, ok};
use crate::params::{self, ApiQuery};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

const DEFAULT_PAGE_SIZE: i64 = aivg_core::explore::EXPLORE_PAGE_SIZE as i64;

/// A library resource as answered (`duration` in seconds, 0 for images).
#[derive(Debug, Serialize)]
pub struct ResourceView<'a> {
    pub id: i64,
    pub name: &'a str,
    #[serde(rename = "type")]
    pub kind: &'a str,
    pub category: &'a str,
    pub tags: &'a [String],
    pub thumbnail: String,
    pub url: String,
    pub width: u32,
    pub height: u32,
    pub format: &'static str,
    pub duration: i64,
}

fn resource_view<'a>(origin: &str, r: &'a Resource) -> ResourceView<'a> {
    let (width, height) = ratio_size(&r.ratio);
    let url = media_url(origin, &format!("res-{}", r.id));
    ResourceView {
        id: r.id,
        name: &r.name,
        kind: &r.kind,
        category: &r.category,
        tags: &r.tags,
        thumbnail: url.clone(),
        url,
        width,
        height,
        format: "svg",
        duration: if r.kind == "video" { 4 } else { 0 },
    }
}

/// The answer of an export.
#[derive(Debug, Serialize)]
pub struct Export {
    pub res_id: i64,
    pub export_type: String,
    pub url: String,
    pub file_name: String,
}

/// `POST /v1/workflow/resource/list`.
pub async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Value> {
    let body = params::object_body(&body)?;
    let inner = match body.get("params") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(other) => {
            return Err(ApiError::invalid(
                "params",
                format!("must be an object, got {other}"),
            ));
        }
    };
    let get = |key: &str| {
        inner
            .get(key)
            .or_else(|| body.get(key))
            .cloned()
            .unwrap_or(Value::Null)
    };
    let page = params::json_int("params.page", &get("page"), 1, 1_000_000)?.unwrap_or(1);
    let size = params::json_int("params.page_size", &get("page_size"), 1, 100)?
        .unwrap_or(DEFAULT_PAGE_SIZE);
    let merged: Map<String, Value> = ["type", "category", "keyword"]
        .iter()
        .map(|k| ((*k).to_owned(), get(k)))
        .collect();
    let kind = match params::text_param("params.type", &merged, "type")? {
        None => None,
        Some(k @ ("image" | "video")) => Some(k),
        Some(other) => {
            return Err(ApiError::invalid(
                "params.type",
                format!("must be image or video, got {other:?}"),
            ));
        }
    };
    let category = params::text_param("params.category", &merged, "category")?;
    let keyword = params::text_param("params.keyword", &merged, "keyword")?.map(str::to_lowercase);
    match params::text_param("operation", &body, "operation")? {
        None | Some("list") => {}
        Some("search") if keyword.is_none() => {
            return Err(ApiError::invalid(
                "params.keyword",
                "missing: search needs a keyword",
            ));
        }
        Some("search") => {}
        Some(other) => {
            return Err(ApiError::invalid(
                "operation",
                format!("must be list or search, got {other:?}"),
            ));
        }
    }
    // One content snapshot for the whole answer (the library is edited in the console).
    let snap = state.content.snapshot()?;
    let s: &Seeds = &snap.seeds;
    let matching: Vec<&Resource> = s
        .resources
        .resources
        .iter()
        .filter(|r| kind.is_none_or(|k| r.kind == k))
        .filter(|r| category.is_none_or(|c| r.category == c))
        .filter(|r| {
            keyword.as_deref().is_none_or(|k| {
                r.name.to_lowercase().contains(k)
                    || r.tags.iter().any(|t| t.to_lowercase().contains(k))
            })
        })
        .collect();
    let origin = crate::links::origin(&state.cfg, &headers);
    value(Paged::of(&matching, page, size, |r| {
        resource_view(&origin, r)
    }))
}

/// An answer borrowing from the snapshot, made JSON while the snapshot is held.
fn value(view: impl Serialize) -> ApiResult<Value> {
    ok(serde_json::to_value(view).map_err(ApiError::internal)?)
}

fn find(s: &Seeds, id: i64) -> Result<&Resource, ApiError> {
    s.resources
        .resources
        .iter()
        .find(|r| r.id == id)
        .ok_or_else(|| ApiError::not_found(format!("id: no resource {id}")))
}

/// `id`.
#[derive(Debug, Deserialize)]
pub struct IdQuery {
    pub id: Option<String>,
}

/// `GET /v1/workflow/resource/info`.
pub async fn info(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<Value> {
    let id = params::int("id", q.id.as_deref(), None, 1, i64::MAX)?;
    let snap = state.content.snapshot()?;
    value(resource_view(
        &crate::links::origin(&state.cfg, &headers),
        find(&snap.seeds, id)?,
    ))
}

/// `POST /v1/workflow/resource/export`.
pub async fn export(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Export> {
    let body = params::object_body(&body)?;
    let id = params::json_int(
        "res_id",
        body.get("res_id").unwrap_or(&Value::Null),
        1,
        i64::MAX,
    )?
    .ok_or_else(|| ApiError::invalid("res_id", "missing: give the resource id"))?;
    let snap = state.content.snapshot()?;
    let r = find(&snap.seeds, id)
        .map_err(|_| ApiError::invalid("res_id", format!("no resource {id}")))?;
    let export_type = match body.get("export_type") {
        None | Some(Value::Null) => "original".to_owned(),
        Some(Value::String(s)) if matches!(s.trim(), "svg" | "original") => s.trim().to_owned(),
        Some(other) => {
            return Err(ApiError::invalid(
                "export_type",
                format!("must be svg or original, got {other}"),
            ));
        }
    };
    let url = media_url(
        &crate::links::origin(&state.cfg, &headers),
        &format!("res-{}", r.id),
    );
    let file_name = format!("{}.svg", r.name.to_lowercase().replace(' ', "-"));
    ok(Export {
        res_id: r.id,
        export_type,
        url,
        file_name,
    })
}
