//! Explore items and zones (docs/behaviour/tasks-and-queue.md#explore Explore item, Zone,
//! #explore), and reports of items:
//! - `GET /v1/workflow/explore/list?page&page_size&media&recommend` → `{list, paginate:{total,
//!   page, page_size}}`, page size default 20 (docs/behaviour/tasks-and-queue.md#explore example
//!   list), at most 100; `recommend=1` keeps recommended items only;
//! - `GET /v1/workflow/explore/info?id` → one item (404 when unknown);
//! - `GET /v1/workflow/zone/list` → `{list}` of every zone with `visible_status` (1 =
//!   publishable; the client shows only those), cover and item count;
//! - `GET /v1/workflow/zone/info?id` → the zone with its items (a zone with visible_status 0 is
//!   answered too, so a preview can show it; 404 when unknown);
//! - `POST /v1/explore/report {explore_id, reason, other}` → `{report_id}`: stored in
//!   `explore_reports`; `reason` must be report_reason_1..report_reason_11
//!   (docs/behaviour/tasks-and-queue.md#explore), `other` at most 500 characters; guests may report
//!   (user 0).
//!
//! Captions, zone names and descriptions come in the visitor's language (`seed_texts`).
//!
//! An item: `{id, title, prompt, media, algorithm, ratio, thumbnail, preview_url, recommend,
//! likes, author, route, extra_data:{width, height}}`; `route` is the creation screen that
//! reuses the item (`/image-to-image?exploreId=1448`).

use super::seed::{ExploreItem, Seeds, Zone};
use super::seed_media::{content_url, media_url, ratio_size};
use super::seed_texts::call_lang;
use crate::accounts::auth::MaybeUser;
use crate::api::{ApiError, ApiResult, List, Paged, ok};
use crate::clock;
use crate::params::{self, ApiQuery};
use crate::state::AppState;
use aivg_core::lang::Lang;
use aivg_core::routes::{RouteName, RouteParams, route_path};
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;

const MAX_OTHER_CHARS: usize = 500;

/// The creation screen that remakes an item of module `algorithm`: its catalogue row's first
/// screen, else image to image.
fn route_of(algorithm: &str) -> String {
    let screen = aivg_core::tasks::task_module(algorithm)
        .and_then(|m| m.screens.first().copied())
        .unwrap_or(RouteName::ImageToImage.as_str());
    // Every screen of the catalogue is a route with a path (core's catalogue test).
    route_path(screen, &RouteParams::default(), Lang::En).unwrap_or_default()
}

/// An explore item as answered (see the module doc).
#[derive(Debug, Serialize)]
pub struct ItemView<'a> {
    pub id: i64,
    pub title: &'a str,
    pub prompt: &'a str,
    pub media: &'a str,
    pub algorithm: &'a str,
    pub ratio: &'a str,
    pub thumbnail: String,
    pub preview_url: String,
    pub recommend: i64,
    pub likes: i64,
    pub author: &'a str,
    pub route: String,
    pub extra_data: Size,
}

/// The pixel size of an item's ratio.
#[derive(Debug, Serialize)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

/// An item with its caption in `lang` (English where the seed has none, `seed_texts`).
fn item_view<'a>(origin: &str, i: &'a ExploreItem, lang: Lang) -> ItemView<'a> {
    let (width, height) = ratio_size(&i.ratio);
    // An uploaded picture (and video) replaces the drawn ones (admin/content_lists.rs).
    let thumbnail = i.uploads.picture.as_deref().map_or_else(
        || media_url(origin, &format!("explore-{}", i.id)),
        |key| content_url(origin, key),
    );
    let preview_url = match (i.media.as_str(), i.uploads.video.as_deref()) {
        ("video", Some(key)) => content_url(origin, key),
        ("video", None) if i.uploads.picture.is_none() => {
            media_url(origin, &format!("explore-{}-preview", i.id))
        }
        _ => thumbnail.clone(),
    };
    ItemView {
        id: i.id,
        title: i.title_i18n.pick(&i.title, lang),
        prompt: &i.prompt,
        media: &i.media,
        algorithm: &i.algorithm,
        ratio: &i.ratio,
        thumbnail,
        preview_url,
        recommend: i.recommend,
        likes: i.likes,
        author: &i.author,
        route: format!("{}?exploreId={}", route_of(&i.algorithm), i.id),
        extra_data: Size { width, height },
    }
}

/// Query of the list.
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    pub page: Option<String>,
    pub page_size: Option<String>,
    pub media: Option<String>,
    pub recommend: Option<String>,
}

/// `GET /v1/workflow/explore/list`.
pub async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Value> {
    let page = params::int("page", q.page.as_deref(), Some(1), 1, 1_000_000)?;
    let default_size = i64::from(aivg_core::explore::EXPLORE_PAGE_SIZE);
    let size = params::int(
        "page_size",
        q.page_size.as_deref(),
        Some(default_size),
        1,
        100,
    )?;
    let media = params::media(q.media.as_deref(), &["video", "image"])?;
    let recommend = params::flag("recommend", q.recommend.as_deref())?;
    let snap = state.content.snapshot()?;
    let matching: Vec<&ExploreItem> = snap
        .seeds
        .explore
        .items
        .iter()
        .filter(|i| i.published)
        .filter(|i| media.is_none_or(|m| i.media == m))
        .filter(|i| !recommend || i.recommend == 1)
        .collect();
    let origin = crate::links::origin(&state.cfg, &headers);
    let lang = call_lang(&headers, None);
    value(Paged::of(&matching, page, size, |i| {
        item_view(&origin, i, lang)
    }))
}

/// `id`.
#[derive(Debug, Deserialize)]
pub struct IdQuery {
    pub id: Option<String>,
}

/// An answer borrowing from the snapshot, made JSON while the snapshot is held.
fn value(view: impl Serialize) -> ApiResult<Value> {
    ok(serde_json::to_value(view).map_err(ApiError::internal)?)
}

fn find_item(s: &Seeds, id: i64) -> Result<&ExploreItem, ApiError> {
    s.explore
        .items
        .iter()
        .find(|i| i.id == id && i.published)
        .ok_or_else(|| ApiError::not_found(format!("id: no explore item {id}")))
}

/// `GET /v1/workflow/explore/info`.
pub async fn info(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<Value> {
    let id = params::int("id", q.id.as_deref(), None, 1, i64::MAX)?;
    let snap = state.content.snapshot()?;
    value(item_view(
        &crate::links::origin(&state.cfg, &headers),
        find_item(&snap.seeds, id)?,
        call_lang(&headers, None),
    ))
}

/// A zone as answered: its cover, its item count, and with `zone/info` its items.
#[derive(Debug, Serialize)]
pub struct ZoneView<'a> {
    pub id: i64,
    pub name: &'a str,
    pub description: &'a str,
    pub visible_status: i64,
    pub cover: String,
    pub total: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list: Option<Vec<ItemView<'a>>>,
}

/// A zone; `total` counts its published items only.
fn zone_view<'a>(origin: &str, s: &Seeds, z: &'a Zone, lang: Lang) -> ZoneView<'a> {
    ZoneView {
        id: z.id,
        name: z.name_i18n.pick(&z.name, lang),
        description: z.description_i18n.pick(&z.description, lang),
        visible_status: z.visible_status,
        cover: media_url(origin, &format!("zone-{}", z.id)),
        total: z
            .explore_ids
            .iter()
            .filter(|id| s.explore.items.iter().any(|i| i.id == **id && i.published))
            .count(),
        list: None,
    }
}

/// `GET /v1/workflow/zone/list`.
pub async fn zones(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Value> {
    let origin = crate::links::origin(&state.cfg, &headers);
    let snap = state.content.snapshot()?;
    let list: Vec<ZoneView> = snap
        .seeds
        .explore
        .zones
        .iter()
        .map(|z| zone_view(&origin, &snap.seeds, z, call_lang(&headers, None)))
        .collect();
    value(List { list })
}

/// `GET /v1/workflow/zone/info`.
pub async fn zone_info(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<Value> {
    let id = params::int("id", q.id.as_deref(), None, 1, i64::MAX)?;
    let snap = state.content.snapshot()?;
    let s = &snap.seeds;
    let zone = s
        .explore
        .zones
        .iter()
        .find(|z| z.id == id)
        .ok_or_else(|| ApiError::not_found(format!("id: no zone {id}")))?;
    let origin = crate::links::origin(&state.cfg, &headers);
    let lang = call_lang(&headers, None);
    let items = zone
        .explore_ids
        .iter()
        .filter_map(|id| s.explore.items.iter().find(|i| i.id == *id && i.published))
        .map(|i| item_view(&origin, i, lang))
        .collect();
    value(ZoneView {
        list: Some(items),
        ..zone_view(&origin, s, zone, lang)
    })
}

/// Body of a report.
#[derive(Debug, Deserialize)]
pub struct ReportBody {
    #[serde(default)]
    pub explore_id: Value,
    #[serde(default)]
    pub reason: Value,
    #[serde(default)]
    pub other: Value,
}

/// Whether `reason` is one of report_reason_1..=report_reason_11 (core's rule).
pub fn valid_reason(reason: &str) -> bool {
    aivg_core::explore::is_report_reason(reason)
}

/// A stored report.
#[derive(Debug, Serialize)]
pub struct Report {
    pub report_id: i64,
    pub explore_id: i64,
    pub reason: String,
}

/// `POST /v1/explore/report`.
pub async fn report(
    State(state): State<AppState>,
    user: MaybeUser,
    crate::api::ApiJson(b): crate::api::ApiJson<ReportBody>,
) -> ApiResult<Report> {
    let id = params::json_int("explore_id", &b.explore_id, 1, i64::MAX)?
        .ok_or_else(|| ApiError::invalid("explore_id", "missing: give the reported item"))?;
    find_item(&state.content.snapshot()?.seeds, id)
        .map_err(|_| ApiError::invalid("explore_id", format!("no explore item {id}")))?;
    let reason = match &b.reason {
        Value::String(r) if valid_reason(r.trim()) => r.trim().to_owned(),
        Value::Null => {
            return Err(ApiError::invalid(
                "reason",
                "missing: use report_reason_1 to report_reason_11",
            ));
        }
        other => {
            return Err(ApiError::invalid(
                "reason",
                format!("must be report_reason_1 to report_reason_11, got {other}"),
            ));
        }
    };
    let other = match &b.other {
        Value::Null => String::new(),
        Value::String(s) if s.chars().count() <= MAX_OTHER_CHARS => s.trim().to_owned(),
        Value::String(_) => {
            return Err(ApiError::invalid(
                "other",
                format!("at most {MAX_OTHER_CHARS} characters"),
            ));
        }
        v => return Err(ApiError::invalid("other", format!("must be text, got {v}"))),
    };
    let report_id: i64 = sqlx::query_scalar(
        "INSERT INTO explore_reports (user_id, explore_id, reason, other, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(user.0.map_or(0, |u| u.id))
    .bind(id)
    .bind(&reason)
    .bind(&other)
    .bind(clock::now_s())
    .fetch_one(&state.db.pool)
    .await?;
    ok(Report {
        report_id,
        explore_id: id,
        reason,
    })
}
