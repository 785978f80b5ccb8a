//! Serves the built SPA (`AIVG_STATIC_DIR`, default `app/dist`): a file when one matches the path,
//! else `index.html` so client-side routes load; unknown `/v1/…` and `/api/…` paths answer the
//! JSON envelope with 404 instead.
//!
//! Caching: Vite names every file under `/assets/` by its content hash, so those are sent as
//! `public, max-age=31536000, immutable` (a visit never revalidates them); everything else
//! (`index.html`, build manifests, prerendered payloads) is `no-cache`, so a new build is seen
//! at once while unchanged files still answer 304 to a revalidation.
//!
//! Page requests get `index.html` with preload hints for the page's route and language
//! (hints.rs); the HTML varies with the cookie and `Accept-Language` then, and says so. Its status
//! is the one the page shows: 404 for a path no route matches (core's `page_status`).
//!
//! `/docs/api` answers the API reference page the app's build writes (`docs-api.html`).
//!
//! Compression: the app's build writes a `.br` (brotli 11) and a `.gz` (gzip -9) beside each
//! hashed file (app/build/assets-delivery.ts); those are sent as they are when the browser accepts
//! them (`Content-Encoding`, with `Vary: Accept-Encoding` added here), so the response compressor, which skips
//! bodies already encoded, never recompresses them at its weaker on-the-fly level.

pub mod hints;

use crate::api::ApiError;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hints::{BuiltFiles, PageRequest};
use sha2::{Digest, Sha256};
use std::path::Path;
use std::sync::LazyLock;
use tower::ServiceExt;
use tower_http::services::ServeDir;

/// The built index.html and preload file, read again when they change (hints.rs). One per process:
/// it is keyed by the app folder, so servers of different folders in one process stay correct.
static BUILT: LazyLock<BuiltFiles> = LazyLock::new(BuiltFiles::default);

/// The router of this area: only the fallback, so it answers whatever no other area routes.
pub fn router() -> axum::Router<AppState> {
    axum::Router::new().fallback(fallback)
}

/// The fallback of the router.
pub async fn fallback(State(state): State<AppState>, req: Request) -> Response {
    let path = req.uri().path();
    if path.starts_with("/v1/") || path.starts_with("/api/") || path.starts_with("/account/") {
        return ApiError::not_found(format!("no such call: {} {path}", req.method()))
            .into_response();
    }
    // The canonical link names the page under the site's /ai base
    // (docs/behaviour/languages-and-routes.md#page-frame); this server serves the app at its root,
    // so /ai/... answers with the page's address here (core's rule).
    if let Some(to) = aivg_core::routes::ai_base_redirect(path) {
        let to = match req.uri().query() {
            Some(q) => format!("{to}?{q}"),
            None => to,
        };
        return axum::response::Redirect::permanent(&to).into_response();
    }
    let Some(dir) = state
        .cfg
        .static_dir
        .clone()
        .filter(|d| d.join("index.html").is_file())
    else {
        return ApiError::not_found("the app is not built: run npm start (or npm run build)")
            .into_response();
    };
    if matches!(path, API_REFERENCE_PATH | "/docs/api/") {
        return api_reference(&dir, req).await;
    }
    let hashed = path.starts_with("/assets/");
    // A missing hashed file is a 404 (an old page asking for a replaced chunk), never index.html
    // sent as JavaScript.
    let served = if hashed {
        ServeDir::new(&dir)
            .precompressed_br()
            .precompressed_gzip()
            .append_index_html_on_directories(false)
            .oneshot(req)
            .await
            .map(IntoResponse::into_response)
    } else {
        // A prerendered page folder (dist/home/ holding _payload.json) must not turn /home into
        // a redirect to /home/: folders count as not found and fall through to index.html.
        let (uri, headers) = (req.uri().clone(), req.headers().clone());
        match ServeDir::new(&dir)
            .append_index_html_on_directories(false)
            .oneshot(req)
            .await
        {
            Ok(res) if res.status() == StatusCode::NOT_FOUND => {
                let origin = crate::links::origin(&state.cfg, &headers);
                Ok(page_html(&dir, &uri, &headers, &origin))
            }
            other => other.map(IntoResponse::into_response),
        }
    };
    match served {
        Ok(mut res) => {
            let policy = if hashed && res.status().is_success() {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
            if hashed {
                // The body depends on Accept-Encoding (a precompressed copy or the plain file):
                // shared caches must keep one per encoding. ServeDir does not say so itself.
                res.headers_mut()
                    .append(header::VARY, HeaderValue::from_static("accept-encoding"));
            }
            res
        }
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// The API reference page's address (docs/api.md): Swagger UI rendering `/v1/openapi.json`.
pub const API_REFERENCE_PATH: &str = "/docs/api";

/// The page's file in the built app (app/build/api-reference.ts writes it with swagger-ui's files,
/// which only this page loads).
const API_REFERENCE_FILE: &str = "docs-api.html";

/// `/docs/api`: the built reference page, `no-cache` like index.html (its assets are hashed), or a
/// 404 when this build has none.
async fn api_reference(dir: &Path, req: Request) -> Response {
    let file = dir.join(API_REFERENCE_FILE);
    if !file.is_file() {
        return ApiError::not_found("the API reference page is not built: run npm run build")
            .into_response();
    }
    match tower_http::services::ServeFile::new(file)
        .oneshot(req)
        .await
    {
        Ok(res) => {
            let mut res = res.into_response();
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            res
        }
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// What a route's first screen shows from the API: a tool page's examples (every example's
/// pictures, not only the first: on wide layouts they share the first row in `1fr` grid columns,
/// so a later one's picture can be a pixel larger than the first's and paint last as the page's
/// LCP; the seed has at most three a tool, and on a phone the later ones' small pictures load with
/// the page anyway: decided, not worth a layout-dependent hint).
fn first_screen(origin: &str, route: &str) -> hints::FirstScreen {
    let Some(demos) = crate::site::prompts::route_demos(origin, route) else {
        return hints::FirstScreen::default();
    };
    hints::FirstScreen {
        pictures: demos
            .list
            .iter()
            .flat_map(|d| [d.before.clone(), d.after.clone()])
            .collect(),
        data: serde_json::to_value(&demos)
            .ok()
            .map(|demos| serde_json::json!({ "demos": demos })),
    }
}

/// index.html for a page request, with the preload hints of its route and language when the build
/// wrote them, answered with the status the page shows (core's `page_status`: 404 for a path no
/// route matches, the app's not-found page, instead of a 200 that search engines would index). An
/// `ETag` of the body answers a revalidation of a 200 page with 304, carrying the 200's headers;
/// an error page ignores the precondition (RFC 9110 §13.2.1: only a 2xx is conditional).
fn page_html(
    dir: &Path,
    uri: &axum::http::Uri,
    headers: &axum::http::HeaderMap,
    origin: &str,
) -> Response {
    let built = match BUILT.get(dir) {
        Ok(built) => built,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    let header_text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let route = hints::page_route(PageRequest {
        path: uri.path(),
        query: uri.query().unwrap_or(""),
        cookie: header_text(header::COOKIE),
        accept_language: header_text(header::ACCEPT_LANGUAGE),
    });
    let status =
        StatusCode::from_u16(aivg_core::routes::page_status(route.name)).unwrap_or(StatusCode::OK);
    let body = match &built.preloads {
        Some(preloads) => {
            let links = hints::links(preloads, route, |route| first_screen(origin, route));
            hints::inject(&built.index, &links)
        }
        None => built.index.clone(),
    };
    let digest = Sha256::digest(body.as_bytes());
    let etag = format!("\"{}\"", URL_SAFE_NO_PAD.encode(digest));
    let fresh = status.is_success()
        && header_text(header::IF_NONE_MATCH)
            .is_some_and(|tags| tags.split(',').any(|t| t.trim() == etag));
    let mut res = if fresh {
        let mut res = StatusCode::NOT_MODIFIED.into_response();
        // The cached page's inline scripts (the theme snippet) run under this answer's policy.
        res.extensions_mut().insert(crate::security::PageScripts(
            crate::security::inline_script_hashes(&body),
        ));
        res
    } else {
        (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            body,
        )
            .into_response()
    };
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        res.headers_mut().insert(header::ETAG, etag);
    }
    res.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("cookie, accept-language"),
    );
    res
}
