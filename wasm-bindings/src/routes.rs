//! Routes: the route table, language prefixes, redirects, canonical links and the sidebar menu
//! (core `routes`, docs/behaviour/languages-and-routes.md#routes). Paths are router paths, below
//! the site's `/ai` base.

use aivg_core::routes::{self, RouteParams};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js_option, to_js_value};
use crate::error::to_js;
use crate::lang::lang_arg;

/// Matches a router path (unprefixed or under any prefix) to its route, params and metadata.
/// ```js
/// matchRoute("/de/text-to-video/cat").params // { semantic: "cat" }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = matchRoute, unchecked_return_type = "RouteMatch")]
pub fn match_route(path: &str) -> Result<JsValue, JsValue> {
    to_js_value(&routes::match_route(path))
}

/// Where a redirecting route sends the browser (query kept), or `undefined` for a page route.
/// ```js
/// routeRedirect("/de", "a=1") // "/de/home?a=1"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = routeRedirect)]
pub fn route_redirect(path: &str, query: &str) -> Option<String> {
    routes::route_redirect(path, query)
}

/// The text-to-music tab from a raw query string: `"song"` when `tab=song`, else `"music"`.
/// ```js
/// musicTab("?tab=song") // "song"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = musicTab, unchecked_return_type = "MusicTab")]
pub fn music_tab(query: &str) -> Result<JsValue, JsValue> {
    to_js_value(&routes::music_tab(query))
}

/// Splits a router path into its language prefix and the rest.
/// ```js
/// splitPrefix("/de/home") // { language: "de", rest: "/home" }
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = splitPrefix, unchecked_return_type = "PathSplit")]
pub fn split_prefix(path: &str) -> Result<JsValue, JsValue> {
    to_js_value(&routes::split_prefix(path))
}

/// Puts the prefix of `language` in front of a path without prefix (English adds none).
/// ```js
/// addPrefix("/home", "de") // "/de/home"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = addPrefix)]
pub fn add_prefix(
    path: &str,
    #[wasm_bindgen(unchecked_param_type = "LanguageCode")] language: &str,
) -> Result<String, JsValue> {
    Ok(routes::add_prefix(path, lang_arg(language)?))
}

/// The same page in another language (what the language switch navigates to).
/// ```js
/// switchLanguagePath("/de/home", "jp") // "/jp/home"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = switchLanguagePath)]
pub fn switch_language_path(
    path: &str,
    #[wasm_bindgen(unchecked_param_type = "LanguageCode")] language: &str,
) -> Result<String, JsValue> {
    Ok(routes::switch_language_path(path, lang_arg(language)?))
}

/// The size of the fixed sharing image (docs/behaviour/languages-and-routes.md#page-frame).
/// ```js
/// shareImageSize() // { width: 1200, height: 630 }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = shareImageSize, unchecked_return_type = "PixelSize")]
pub fn share_image_size() -> Result<JsValue, JsValue> {
    let (width, height) = routes::SHARE_IMAGE_SIZE;
    to_js_value(&aivg_core::crop::PixelSize { width, height })
}

/// The canonical URL of a page: origin + `/ai` + router path, without query and hash.
/// ```js
/// canonicalUrl("https://example.com", "/de/home") // "https://example.com/ai/de/home"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = canonicalUrl)]
pub fn canonical_url(origin: &str, path: &str) -> String {
    routes::canonical_url(origin, path)
}

/// Where a server serving the app at its root sends a request under the `/ai` base the canonical
/// link names: the same path without it, or `undefined` (not under `/ai`, or a route there).
/// ```js
/// aiBaseRedirect("/ai/home") // "/home"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = aiBaseRedirect)]
pub fn ai_base_redirect(path: &str) -> Option<String> {
    routes::ai_base_redirect(path)
}

/// The left sidebar menu in display order (entries, groups, dividers).
/// ```js
/// menu()[0] // { kind: "entry", route: "Home", labelKey: "menu.home", label: "Home" }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = menu, unchecked_return_type = "MenuItem[]")]
pub fn menu() -> Result<JsValue, JsValue> {
    to_js_value(&routes::menu())
}

/// The menu entry (named by its route) to mark active on a route, or `undefined`.
/// ```js
/// activeMenuEntry("VideoToAnime") // "VideoToVideo"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = activeMenuEntry, unchecked_return_type = "RouteName | undefined")]
pub fn active_menu_entry(
    #[wasm_bindgen(js_name = routeName)] route_name: &str,
) -> Result<JsValue, JsValue> {
    to_js_option(routes::active_menu_entry(route_name).as_ref())
}

/// Whether the menu entry of `entryRoute` is marked active while `currentRoute` is shown.
/// ```js
/// isMenuEntryActive("AiTools", "AiToolsBgRemover") // true
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = isMenuEntryActive)]
pub fn is_menu_entry_active(
    #[wasm_bindgen(js_name = entryRoute)] entry_route: &str,
    #[wasm_bindgen(js_name = currentRoute)] current_route: &str,
) -> bool {
    routes::is_menu_entry_active(entry_route, current_route)
}

/// Every route with a path, in match order (catch-all last).
/// ```js
/// routeTable().at(-1).name // "CatchAll"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = routeTable, unchecked_return_type = "RouteDef[]")]
pub fn route_table() -> Result<JsValue, JsValue> {
    to_js_value(&routes::route_table())
}

/// The named sections of the product, in the order of docs/behaviour/languages-and-routes.md#routes
/// (Pricing included).
/// ```js
/// namedSections().includes("Pricing") // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = namedSections, unchecked_return_type = "RouteName[]")]
pub fn named_sections() -> Result<JsValue, JsValue> {
    to_js_value(&routes::named_sections())
}

/// The generation types group (docs/behaviour/languages-and-routes.md#routes).
/// ```js
/// generationTypes()[0] // "TextToVideo"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = generationTypes, unchecked_return_type = "RouteName[]")]
pub fn generation_types() -> Result<JsValue, JsValue> {
    to_js_value(&routes::generation_types())
}

/// The table row of a route name; throws `unknown_route`, or `route_has_no_path` for Pricing.
/// ```js
/// routeByName("TextToVideo").path // "/text-to-video/:semantic?"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = routeByName, unchecked_return_type = "RouteDef")]
pub fn route_by_name(name: &str) -> Result<JsValue, JsValue> {
    to_js_value(&routes::route_by_name(name).map_err(to_js)?)
}

/// Whether a route name is in the generation types group.
/// ```js
/// isGenerationType("ImageToVideo") // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = isGenerationType)]
pub fn is_generation_type(#[wasm_bindgen(js_name = routeName)] route_name: &str) -> bool {
    routes::is_generation_type(route_name)
}

/// Whether a route with this name hides header and sidebar (names starting with `Template`).
/// ```js
/// hidesFrame("Template") // true
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = hidesFrame)]
pub fn hides_frame(#[wasm_bindgen(js_name = routeName)] route_name: &str) -> bool {
    routes::hides_frame(route_name)
}

/// The key of a tool page's before/after examples (`GET /v1/common/demo/list?key=`): the last
/// segment of the route's English path; `undefined` for a name that is not a route with a path.
///
/// ```js
/// demoKey("AiToolsImageEnhancer") // "image-enhancer"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = demoKey)]
pub fn demo_key(name: &str) -> Option<String> {
    routes::demo_key(name)
}

/// The router path of a named route in a language (inverse of `matchRoute`); throws
/// `unknown_route`, `route_has_no_path`, `unexpected_param` or `missing_param`.
/// ```js
/// routePath("TextToVideo", { semantic: "cat dance" }, "de") // "/de/text-to-video/cat%20dance"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = routePath)]
pub fn route_path(
    name: &str,
    #[wasm_bindgen(unchecked_param_type = "RouteParams")] params: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LanguageCode")] language: &str,
) -> Result<String, JsValue> {
    let params: RouteParams = from_js::<Option<RouteParams>>("params", params)?.unwrap_or_default();
    routes::route_path(name, &params, lang_arg(language)?).map_err(to_js)
}
