//! Language prefixes of router paths (docs/behaviour/languages-and-routes.md#routes: every route
//! exists unprefixed for English and once under each of de, fr, es, br, jp, ko, zh, zz).

use crate::lang::Lang;
use serde::{Deserialize, Serialize};

/// A router path split into its language and the path without the prefix.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PathSplit {
    /// The prefix language, or `en` when the path has no prefix.
    #[cfg_attr(feature = "tsify", tsify(type = "LanguageCode"))]
    pub language: Lang,
    /// The rest, always starting with `/` (`/` for a bare prefix).
    pub rest: String,
}

/// Adds a missing leading `/`; the empty path is `/`. Nothing else is changed.
pub(crate) fn normalize_path(path: &str) -> String {
    if path.starts_with('/') {
        path.to_string()
    } else {
        format!("/{path}")
    }
}

/// Splits a router path into its language prefix and the rest
/// (docs/behaviour/languages-and-routes.md#routes).
///
/// The prefix is the first segment when it is exactly one of `de fr es br jp ko zh zz`:
/// prefixes are lowercase and case-sensitive like the rest of our URLs, so `/DE/home` and
/// `/en/home` have no prefix (they are catch-all pages in English). `zz` is split off in every
/// stage; whether it is accepted as a language is [`crate::lang::resolve_language`]'s concern.
/// A missing leading `/` is added. `/de` and `/de/` both give rest `/`.
pub fn split_prefix(path: &str) -> PathSplit {
    let path = normalize_path(path);
    let after = path.get(1..).unwrap_or("");
    let (first, tail) = match after.find('/') {
        Some(i) => (after.get(..i).unwrap_or(""), after.get(i..).unwrap_or("")),
        None => (after, ""),
    };
    match Lang::from_code(first).filter(|l| *l != Lang::En) {
        Some(language) => PathSplit {
            language,
            rest: if tail.is_empty() {
                "/".to_string()
            } else {
                tail.to_string()
            },
        },
        None => PathSplit {
            language: Lang::En,
            rest: path,
        },
    }
}

/// Puts the prefix of `language` in front of a path without prefix: English adds nothing,
/// `/` becomes the bare prefix (`/de`), any other path `/de/...`. A missing leading `/` is
/// added. The path is not inspected for an existing prefix (see [`switch_language_path`]).
pub fn add_prefix(path: &str, language: Lang) -> String {
    let path = normalize_path(path);
    match language {
        Lang::En => path,
        _ if path == "/" => language.prefix().to_string(),
        _ => format!("{}{path}", language.prefix()),
    }
}

/// The same page in another language: removes the current prefix, if any, and adds the one
/// of `language` (what the language switch navigates to,
/// docs/behaviour/languages-and-routes.md#languages). `/de/home` → `/jp/home`, `/de/home` with en →
/// `/home`.
pub fn switch_language_path(path: &str, language: Lang) -> String {
    add_prefix(&split_prefix(path).rest, language)
}

/// Appends a raw query string verbatim, with exactly one `?` in front when it is non-empty
/// (one leading `?` of `query` is dropped first).
pub(crate) fn append_query(path: &str, query: &str) -> String {
    let query = query.strip_prefix('?').unwrap_or(query);
    if query.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{query}")
    }
}
