//! The canonical link (docs/behaviour/languages-and-routes.md#page-frame: "the site's /ai path plus
//! the current path").

use super::normalize_path;

/// Size of the fixed sharing image (docs/behaviour/languages-and-routes.md#page-frame: "a fixed
/// image of 1200x630").
pub const SHARE_IMAGE_SIZE: (u32, u32) = (1200, 630);

/// The canonical URL of a page: `origin` + `/ai` + the current router path, e.g.
/// `("https://example.com", "/de/home")` → `https://example.com/ai/de/home`.
///
/// Inputs: `origin` is the site origin (scheme and host, e.g. `https://example.com`; trailing
/// `/` are dropped); `path` is the router path below the `/ai` base, prefix included. The
/// query and hash are not part of a canonical link and are dropped, as is one trailing `/`
/// (`/home/` and `/home` are one page); a missing leading `/` is added. The root `/` gives
/// `{origin}/ai/`, the app's base URL.
pub fn canonical_url(origin: &str, path: &str) -> String {
    let origin = origin.trim_end_matches('/');
    let path = normalize_path(path.split(['?', '#']).next().unwrap_or(""));
    let path = if path.len() > 1 {
        path.strip_suffix('/').unwrap_or(&path)
    } else {
        &path
    };
    format!("{origin}/ai{path}")
}

/// Where a request under the site's `/ai` base goes on a server that serves the app at its root
/// (the self-hosted server): the canonical link names `{origin}/ai{path}`
/// (docs/behaviour/languages-and-routes.md#page-frame), so `/ai` and `/ai/...` are answered with a
/// permanent redirect to the same path without `/ai` (query kept by the caller; the target always
/// starts with exactly one `/`, never naming another host). `None` when the path is not under
/// `/ai`, or names a route of its own there (the `/ai/red2-*` placeholders,
/// docs/behaviour/languages-and-routes.md#routes).
pub fn ai_base_redirect(path: &str) -> Option<String> {
    let rest = if path == "/ai" {
        "/"
    } else {
        path.strip_prefix("/ai/")
            .map(|_| path.get(3..).unwrap_or("/"))?
    };
    if crate::routes::match_route(path).name != crate::routes::RouteName::CatchAll {
        return None;
    }
    // One leading slash only: `/ai//host` must not become the other host's `//host`.
    Some(format!("/{}", rest.trim_start_matches(['/', '\\'])))
}
