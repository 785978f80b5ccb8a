//! Route-level redirects and the text-to-music tab (docs/behaviour/languages-and-routes.md#routes).

use super::percent::decode_segment;
use super::{append_query, match_route};
use serde::{Deserialize, Serialize};

/// Where a redirecting route sends the browser, or `None` for a page route
/// (docs/behaviour/languages-and-routes.md#routes): `/` and a bare prefix (`/de`, `/de/`) go to
/// `/home` under the same prefix, `/create` goes to `/image-to-video` under the same prefix. The
/// raw query (with or without its leading `?`) is kept verbatim. A query or hash inside `path` is
/// ignored. In JavaScript `None` is `undefined`; [`super::RouteMatch::redirect_to`] gives the same
/// answer inside an object.
///
/// Language resolution ([`crate::lang::resolve_language`]) runs first: `/` with German saved
/// becomes `/de`, which this then sends to `/de/home`.
pub fn route_redirect(path: &str, query: &str) -> Option<String> {
    let target = match_route(path).redirect_to?;
    Some(append_query(&target, query))
}

/// Which tab the text-to-music screen opens on (docs/behaviour/languages-and-routes.md#routes:
/// "query tab=song selects text to song").
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MusicTab {
    /// Text to music (the default).
    Music,
    /// Text to song.
    Song,
}

/// The text-to-music tab from a raw query string (with or without `?`): `song` when the first
/// `tab` parameter is exactly `song` after decoding (`+` is a space, as in forms), else `music`.
/// Only the query selects the tab; the `:tabname` path parameter is passed through untouched.
pub fn music_tab(query: &str) -> MusicTab {
    let query = query.strip_prefix('?').unwrap_or(query);
    let first_tab = query
        .split('&')
        .map(|pair| pair.split_once('=').unwrap_or((pair, "")))
        .find(|(key, _)| decode_segment(&key.replace('+', " ")) == "tab")
        .map(|(_, value)| decode_segment(&value.replace('+', " ")));
    match first_tab.as_deref() {
        Some("song") => MusicTab::Song,
        _ => MusicTab::Music,
    }
}
