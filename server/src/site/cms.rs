//! `GET /api/cms-data/{key}` (docs/behaviour/languages-and-routes.md#page-content page-content
//! flow, #page-content): the CMS data of a page path, `key` being core's cache key
//! (`cms_cache_key`, URL-safe base64 of the path), turned back into the path with core's
//! `cms_path_from_key`.
//!
//! Decisions (server behaviour not shown):
//! - pages are seeded per path as the app sends it, language prefix included (`/home`,
//!   `/de/home`); the query and one trailing `/` are ignored; no fallback to English;
//! - a placeholder route (core's `match_route` names it: red1-to-home, /ai/red2-to-t2v, …, under
//!   any language prefix) answers its redirect rule as `{redirect: {to, external}}` with empty
//!   page fields; an internal target keeps the path's language prefix (core's `add_prefix`);
//! - a path with neither answers success with `data: null` ("nothing for this page", which the
//!   client treats like a failure without logging a warning for every uncovered page);
//! - a key that is not base64 of UTF-8, or a path not starting with `/`, answers 400 naming `key`.

use super::seed::{CmsPage, Tdk};
use crate::api::{ApiError, ApiResult, ok};
use crate::state::AppState;
use aivg_core::request::cms_path_from_key;
use aivg_core::routes::{add_prefix, match_route, split_prefix};
use axum::extract::{Path, State};
use serde::Serialize;

/// The path a page is seeded under: no query or fragment, no trailing `/` (except the root).
fn page_key(path: &str) -> String {
    let path = path.split(['?', '#']).next().unwrap_or("");
    let split = split_prefix(path);
    let rest = split.rest.as_str();
    let rest = if rest.len() > 1 {
        rest.trim_end_matches('/')
    } else {
        rest
    };
    add_prefix(if rest.is_empty() { "/" } else { rest }, split.language)
}

/// The CMS data of a page, with the redirect rule of a placeholder route.
#[derive(Debug, Serialize)]
pub struct CmsAnswer {
    #[serde(flatten)]
    pub page: CmsPage,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect: Option<Redirect>,
}

/// Where a placeholder route leads.
#[derive(Debug, Serialize)]
pub struct Redirect {
    pub to: String,
    pub external: bool,
}

/// `GET /api/cms-data/{key}` → `{tdk, head, content, bottom}`, `{…, redirect}` or `null`.
pub async fn cms_data(
    State(state): State<AppState>,
    Path(key): Path<String>,
) -> ApiResult<Option<CmsAnswer>> {
    let path = cms_path_from_key(&key).map_err(|e| ApiError::invalid("key", e))?;
    if !path.starts_with('/') || path.len() > 2048 {
        return Err(ApiError::invalid(
            "key",
            format!("{path:?} is not a page path starting with '/'"),
        ));
    }
    let snap = state.content.snapshot()?;
    let cms = &snap.seeds.cms;
    let route = match_route(&path);
    if let Some(rule) = cms.redirects.get(route.name.as_str()) {
        let to = if rule.external {
            rule.to.clone()
        } else {
            add_prefix(&rule.to, route.language)
        };
        let empty = CmsPage {
            tdk: Tdk::default(),
            head: String::new(),
            content: String::new(),
            bottom: String::new(),
        };
        return ok(Some(CmsAnswer {
            page: empty,
            redirect: Some(Redirect {
                to,
                external: rule.external,
            }),
        }));
    }
    ok(cms.pages.get(&page_key(&path)).map(|page| CmsAnswer {
        page: page.clone(),
        redirect: None,
    }))
}
