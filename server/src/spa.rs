//! Serves the built SPA (`AIVG_STATIC_DIR`, default `app/dist`): a file when one matches the path,
//! else `index.html` so client-side routes load; unknown `/v1/…` and `/api/…` paths answer the
//! JSON envelope with 404 instead.
//!
//! Caching: Vite names every file under `/assets/` by its content hash, so those are sent as
//! `public, max-age=31536000, immutable` (a visit never revalidates them); everything else
//! (`index.html`, build manifests, prerendered payloads) is `no-cache`, so a new build is seen
//! at once while unchanged files still answer 304 to a revalidation.
//!
//! Compression: the app's build writes a `.br` (brotli 11) and a `.gz` (gzip -9) beside each
//! hashed file (app/build/assets-delivery.ts); those are sent as they are when the browser accepts
//! them (`Content-Encoding`, with `Vary: Accept-Encoding` added here), so the response compressor, which skips
//! bodies already encoded, never recompresses them at its weaker on-the-fly level.

use crate::api::ApiError;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

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
    // The canonical link names the page under the site's /ai base (spec 01 §2); this server
    // serves the app at its root, so /ai/... answers with the page's address here (core's rule).
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
        let index = ServeFile::new(dir.join("index.html"));
        // A prerendered page folder (dist/home/ holding _payload.json) must not turn /home into
        // a redirect to /home/: folders count as not found and fall through to index.html.
        ServeDir::new(&dir)
            .append_index_html_on_directories(false)
            .fallback(index)
            .oneshot(req)
            .await
            .map(IntoResponse::into_response)
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
