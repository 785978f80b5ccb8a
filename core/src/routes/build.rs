//! Building the path of a named route: the inverse of [`super::match_route`].

use super::percent::encode_segment;
use super::table::{Param, Seg};
use super::{RouteName, RouteParams, RoutesError, add_prefix};
use crate::lang::Lang;

/// The router path of a route in a language, e.g. `("TextToVideo", {semantic: "cat dance"}, de)`
/// → `/de/text-to-video/cat%20dance` (what the menu and links navigate to).
///
/// Parameter values are percent-encoded as one segment each (`/` inside a value becomes
/// `%2F`); an empty string counts as absent. Errors:
/// - `unknown_route` when the name is not a route; `route_has_no_path` for Pricing;
/// - `unexpected_param` when a parameter the route lacks is given;
/// - `missing_param` when `tabname` is given without `semantic` (the path could not tell
///   them apart), or the catch-all is asked for without a non-empty slug.
///
/// The catch-all's slug is joined as given, so a slug such as `["home"]` builds a path that
/// matches Home; the catch-all is meant for paths no route claims.
pub fn route_path(name: &str, params: &RouteParams, language: Lang) -> Result<String, RoutesError> {
    let route =
        RouteName::from_name(name).ok_or_else(|| RoutesError::UnknownRoute(name.to_string()))?;
    let spec = route
        .spec()
        .ok_or_else(|| RoutesError::NoPath(name.to_string()))?;
    let has = |p: Param| spec.segs.contains(&Seg::Opt(p));
    let given = |v: Option<&str>| v.is_some_and(|s| !s.is_empty());
    let unexpected = |param: &str| RoutesError::UnexpectedParam {
        route: name.to_string(),
        param: param.to_string(),
    };
    for p in [Param::Category, Param::Semantic, Param::Tabname] {
        if given(params.get(p)) && !has(p) {
            return Err(unexpected(p.name()));
        }
    }
    let is_slug = spec.segs.contains(&Seg::Slug);
    if params.slug.as_ref().is_some_and(|s| !s.is_empty()) && !is_slug {
        return Err(unexpected("slug"));
    }
    let mut path = String::new();
    let mut gap: Option<&'static str> = None;
    for seg in spec.segs {
        match seg {
            Seg::Lit(lit) => {
                path.push('/');
                path.push_str(lit);
            }
            Seg::Opt(p) => match params.get(*p).filter(|v| !v.is_empty()) {
                Some(value) => {
                    if let Some(missing) = gap {
                        return Err(RoutesError::MissingParam {
                            route: name.to_string(),
                            param: missing.to_string(),
                        });
                    }
                    path.push('/');
                    path.push_str(&encode_segment(value));
                }
                None => gap = gap.or(Some(p.name())),
            },
            Seg::Slug => {
                let parts: Vec<&String> = params
                    .slug
                    .iter()
                    .flatten()
                    .filter(|s| !s.is_empty())
                    .collect();
                if parts.is_empty() {
                    return Err(RoutesError::MissingParam {
                        route: name.to_string(),
                        param: "slug".to_string(),
                    });
                }
                for part in parts {
                    path.push('/');
                    path.push_str(&encode_segment(part));
                }
            }
        }
    }
    Ok(add_prefix(&path, language))
}

/// The key of a tool page's before/after examples (docs/behaviour/tasks-and-queue.md#explore `GET
/// /v1/common/demo/list?key=`, keys as the tool routes): the last segment of the route's English
/// path (`AiToolsImageEnhancer` → `image-enhancer`). `None` for a name that is not a route or has
/// no path. The app asks for its examples with it and the server preloads their pictures with it.
pub fn demo_key(name: &str) -> Option<String> {
    let path = route_path(name, &RouteParams::default(), Lang::En).ok()?;
    path.rsplit('/')
        .next()
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}
