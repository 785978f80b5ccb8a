//! The canonical link (spec 01 §2: "the site's /ai path plus the current path").

use super::normalize_path;

/// Size of the fixed sharing image (spec 01 §2: "a fixed image of 1200x630").
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
