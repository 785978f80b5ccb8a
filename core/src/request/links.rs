//! Link classification (docs/behaviour/languages-and-routes.md#links "Links",
//! docs/behaviour/languages-and-routes.md#links "Link handling"): where a link from server content
//! (ads, banners, CMS blocks) may take the user, decided before any navigation.

use super::urlparts::{HttpUrl, parse_http_url};
use serde::{Deserialize, Serialize};

/// The main site's path under which this app lives (docs/behaviour/languages-and-routes.md#links:
/// "the site's /ai path").
pub const DEFAULT_AI_PATH: &str = "/ai";

/// URL schemes that run code or embed content instead of navigating: never followed.
pub const REFUSED_SCHEMES: [&str; 3] = ["javascript", "data", "vbscript"];

/// Where the page is and what counts as the main site.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkConfig {
    /// Origin of the current page (e.g. `https://www.media.io`), used for path-absolute links.
    #[serde(default)]
    pub current_origin: String,
    /// Origin of the main site (e.g. `https://www.media.io`).
    #[serde(default)]
    pub main_site_origin: String,
    /// The main site's AI path; empty means [`DEFAULT_AI_PATH`].
    #[serde(default)]
    pub ai_path: String,
    /// Domain suffix of sibling sub-domains (e.g. `.media.io`); empty means none.
    #[serde(default)]
    pub sub_domain_suffix: String,
}

/// Why a link opens in a new tab.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum NewTabTarget {
    /// The main site, outside the AI path.
    MainSite,
    /// A sub-domain of the main site's domain.
    SubDomain,
    /// Any other http(s) site.
    External,
}

/// What to do with a link. JSON: `{"kind": "internal", "route": "/x?q=1"}`,
/// `{"kind": "newTab", "url", "target"}`, `{"kind": "replace", "url"}`, `{"kind": "refused", "scheme"}`.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LinkAction {
    /// Navigate inside the app to this route (AI path stripped, query and hash kept).
    Internal {
        /// The app route, e.g. `/text-to-video?from=ad`.
        route: String,
    },
    /// Open this URL in a new tab.
    NewTab {
        /// The link as written (trimmed).
        url: String,
        /// Which rule applied.
        target: NewTabTarget,
    },
    /// Replace the current location with this string (any other link, e.g. relative or mailto:).
    Replace {
        /// The link as written (trimmed).
        url: String,
    },
    /// A script or data URL: never navigated.
    Refused {
        /// The refused scheme, lowercase.
        scheme: String,
    },
}

/// The scheme a browser could see in `href` once whitespace, control and invisible format
/// characters are ignored (conservative: `java\tscript:`, ` JaVaScRiPt:`, `java\u{200b}script:`
/// all give `javascript`). `None` when there is no valid scheme.
fn apparent_scheme(href: &str) -> Option<String> {
    let squeezed: String = href
        .chars()
        .filter(|c| {
            !(c.is_whitespace()
                || c.is_control()
                || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}' | '\u{00ad}'))
        })
        .take(64)
        .collect();
    let (scheme, _) = squeezed.split_once(':')?;
    let mut chars = scheme.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    (first_ok && rest_ok).then(|| scheme.to_ascii_lowercase())
}

/// The link as a browser reads it: leading/trailing spaces and C0 controls dropped, tabs and
/// line breaks removed anywhere (WHATWG URL parsing).
fn cleaned(href: &str) -> String {
    href.trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

fn normalized_ai_path(ai_path: &str) -> String {
    let trimmed = ai_path.trim().trim_end_matches('/');
    match trimmed {
        "" if ai_path.trim().is_empty() => DEFAULT_AI_PATH.to_string(),
        "" => String::new(),
        p if p.starts_with('/') => p.to_string(),
        p => format!("/{p}"),
    }
}

/// The route under the AI path, or `None` when `path` is outside it (`/ai` and `/ai/...`
/// match; `/aix` does not). An AI path of `/` matches every path.
fn strip_ai_path(path: &str, ai_path: &str) -> Option<String> {
    let rest = path.strip_prefix(ai_path)?;
    if rest.is_empty() {
        Some("/".to_string())
    } else if rest.starts_with('/') {
        Some(rest.to_string())
    } else {
        None
    }
}

fn same_origin(url: &HttpUrl, origin: Option<&HttpUrl>, page_scheme: Option<&str>) -> bool {
    origin.is_some_and(|o| {
        // A protocol-relative link takes the page's scheme (or, unknown, the main site's).
        let scheme = url
            .scheme
            .as_deref()
            .or(page_scheme)
            .or(o.scheme.as_deref());
        o.host == url.host
            && (o.scheme.is_none() || o.scheme.as_deref() == scheme)
            && o.effective_port(scheme) == url.effective_port(scheme)
    })
}

fn is_sub_domain(host: &str, suffix: &str) -> bool {
    let suffix = suffix.trim().trim_end_matches('.').to_ascii_lowercase();
    let bare = suffix.trim_start_matches('.');
    !bare.is_empty() && (host == bare || host.ends_with(&format!(".{bare}")))
}

/// Classifies a link (docs/behaviour/languages-and-routes.md#links):
///
/// 1. `javascript:`, `data:`, `vbscript:` in any case and with any whitespace, control or
///    invisible characters mixed in: **refused**, never navigated.
/// 2. An `http(s)` or protocol-relative URL on the main site's origin under the AI path, or a
///    path-absolute link (`/ai/...`) when the current page is on the main site's origin:
///    **internal** route, AI path stripped, query and hash kept.
/// 3. Any other `http(s)` or protocol-relative URL: **new tab** (main site, sub-domain or external).
/// 4. Anything else (relative paths, `?q`, `#hash`, `mailto:`, empty...): **replace** the location.
///
/// Paths are compared as a browser resolves them (`\` as `/`, `.`/`..` segments applied), so
/// `https://main/ai/../shop` is the main site's shop, not an internal route.
pub fn classify_link(href: &str, config: &LinkConfig) -> LinkAction {
    if let Some(scheme) = apparent_scheme(href)
        && REFUSED_SCHEMES.contains(&scheme.as_str())
    {
        return LinkAction::Refused { scheme };
    }
    let url = cleaned(href);
    let main = parse_http_url(config.main_site_origin.trim());
    let current = parse_http_url(config.current_origin.trim());
    let page_scheme = current.as_ref().and_then(|c| c.scheme.clone());
    let ai_path = normalized_ai_path(&config.ai_path);
    let internal = |parsed: &HttpUrl| {
        strip_ai_path(&parsed.path, &ai_path).map(|route| LinkAction::Internal {
            route: format!("{route}{}{}", parsed.query, parsed.fragment),
        })
    };
    if let Some(parsed) = parse_http_url(&url) {
        let on_main = same_origin(&parsed, main.as_ref(), page_scheme.as_deref());
        if on_main && let Some(action) = internal(&parsed) {
            return action;
        }
        let target = if on_main {
            NewTabTarget::MainSite
        } else if is_sub_domain(&parsed.host, &config.sub_domain_suffix) {
            NewTabTarget::SubDomain
        } else {
            NewTabTarget::External
        };
        return LinkAction::NewTab { url, target };
    }
    if url.starts_with('/') {
        let page_on_main = match (&current, &main) {
            (Some(c), Some(m)) => same_origin(c, Some(m), None),
            _ => false,
        };
        if page_on_main
            && let Some(host) = current.as_ref().map(HttpUrl::host_with_port)
            && let Some(parsed) = parse_http_url(&format!("//{host}{url}"))
            && let Some(action) = internal(&parsed)
        {
            return action;
        }
    }
    LinkAction::Replace { url }
}
