//! Matching a router path to a route of the table (docs/behaviour/languages-and-routes.md#routes).

use super::percent::decode_segment;
use super::table::{CATCH_ALL, Param, RouteMeta, SPECS, Seg, Spec, hides_frame};
use super::{RouteName, add_prefix, split_prefix};
use crate::lang::Lang;
use serde::{Deserialize, Serialize};

/// The parameters of a matched route; absent ones are omitted in JSON. Values are
/// percent-decoded.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteParams {
    /// `/ai-tools/:category?`, `/ai-tools/video-eraser/:category?`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// `/text-to-video/:semantic?` and the other creation screens, `/effect/create/:semantic?`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub semantic: Option<String>,
    /// `/text-to-music/:semantic?/:tabname?`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tabname: Option<String>,
    /// The catch-all's segments (empty segments dropped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slug: Option<Vec<String>>,
}

impl RouteParams {
    pub(crate) fn get(&self, p: Param) -> Option<&str> {
        match p {
            Param::Category => self.category.as_deref(),
            Param::Semantic => self.semantic.as_deref(),
            Param::Tabname => self.tabname.as_deref(),
        }
    }

    fn set(&mut self, p: Param, value: String) {
        let slot = match p {
            Param::Category => &mut self.category,
            Param::Semantic => &mut self.semantic,
            Param::Tabname => &mut self.tabname,
        };
        *slot = Some(value);
    }
}

/// The route a path shows.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteMatch {
    /// The route name.
    pub name: RouteName,
    /// The language of the path's prefix (`en` without one).
    #[cfg_attr(feature = "tsify", tsify(type = "LanguageCode"))]
    pub language: Lang,
    /// The route parameters.
    pub params: RouteParams,
    /// The route metadata.
    pub meta: RouteMeta,
    /// Whether the page carries noindex, nofollow: the route's flag, and every page under the
    /// `zz` debug prefix (a pseudo-locale must never be indexed).
    pub noindex: bool,
    /// Whether header and sidebar are hidden (route names starting with `Template`).
    pub hides_frame: bool,
    /// For the redirecting routes (Index, Create): the target path under the same prefix,
    /// without query (see [`super::route_redirect`] for the full target). Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_to: Option<String>,
}

/// Matches a router path (below the `/ai` base) to its route
/// (docs/behaviour/languages-and-routes.md#routes).
///
/// Every route matches unprefixed and under each prefix (de, fr, es, br, jp, ko, zh, zz; the
/// matcher does not know the stage). Rules, in the manner of the browser router:
/// - anything from the first `?` or `#` on is ignored, a missing leading `/` is added;
/// - one trailing `/` is ignored (`/home/` is Home, `/de/` is Index in German);
/// - segments compare case-sensitively (`/HOME`, `/DE/home` are catch-all pages);
/// - literal routes win over parameters (`/ai-tools/bg-remover` is AiToolsBgRemover);
/// - an empty segment (`//`) matches no page route, so the path is the catch-all;
/// - parameters are percent-decoded (a malformed escape is kept as written);
/// - anything else is `CatchAll` with the non-empty segments after the prefix as `slug`.
pub fn match_route(path: &str) -> RouteMatch {
    let path = path.split(['?', '#']).next().unwrap_or("");
    let split = split_prefix(path);
    let rest = split.rest.as_str();
    let rest = if rest.len() > 1 {
        rest.strip_suffix('/').unwrap_or(rest)
    } else {
        rest
    };
    let segments: Vec<&str> = match rest.get(1..) {
        Some("") | None => Vec::new(),
        Some(r) => r.split('/').collect(),
    };
    let found = if segments.iter().any(|s| s.is_empty()) {
        None
    } else {
        SPECS
            .iter()
            .filter(|s| !s.segs.contains(&Seg::Slug))
            .find_map(|spec| match_spec(spec, &segments).map(|p| (spec, p)))
    };
    let (spec, params) = found.unwrap_or_else(|| {
        let slug = segments
            .iter()
            .filter(|s| !s.is_empty())
            .map(|s| decode_segment(s))
            .collect();
        let params = RouteParams {
            slug: Some(slug),
            ..RouteParams::default()
        };
        (&CATCH_ALL, params)
    });
    RouteMatch {
        name: spec.name,
        language: split.language,
        params,
        meta: spec.meta(),
        noindex: spec.noindex || split.language == Lang::Zz,
        hides_frame: hides_frame(spec.name.as_str()),
        redirect_to: spec.redirect.map(|to| add_prefix(to, split.language)),
    }
}

/// Matches the segments against one non-catch-all pattern.
fn match_spec(spec: &Spec, segments: &[&str]) -> Option<RouteParams> {
    let mut params = RouteParams::default();
    let mut rest = segments.iter();
    for seg in spec.segs {
        match seg {
            Seg::Lit(lit) => {
                if rest.next() != Some(lit) {
                    return None;
                }
            }
            Seg::Opt(p) => {
                if let Some(value) = rest.next() {
                    params.set(*p, decode_segment(value));
                }
            }
            Seg::Slug => return None,
        }
    }
    rest.next().is_none().then_some(params)
}
