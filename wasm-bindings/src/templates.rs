//! Template list paging (core `templates`, docs/behaviour/tasks-and-queue.md#templates "Template
//! lists", #templates).

use aivg_core::templates;
use wasm_bindgen::prelude::*;

use crate::convert::{to_js_option, to_js_value, u32_arg};

/// The request of the initial template load: page 1 of 25.
/// ```js
/// templateFirstPage() // { page: 1, page_size: 25 }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = templateFirstPage, unchecked_return_type = "TemplatePageQuery")]
pub fn template_first_page() -> Result<JsValue, JsValue> {
    to_js_value(&templates::template_first_page())
}

/// Whether the server holds more templates than are loaded.
/// ```js
/// templateHasMore(25, 100) // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = templateHasMore)]
pub fn template_has_more(loaded: f64, total: f64) -> Result<bool, JsValue> {
    Ok(templates::template_has_more(
        u32_arg("loaded", loaded)?,
        u32_arg("total", total)?,
    ))
}

/// The next template page to request, or `undefined` when nothing must be requested (a request
/// is under way, 20 or fewer are loaded, or all are loaded).
/// ```js
/// templateLoadMore(25, 100, false) // { page: 2, page_size: 25 }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = templateLoadMore, unchecked_return_type = "TemplatePageQuery | undefined")]
pub fn template_load_more(loaded: f64, total: f64, loading: bool) -> Result<JsValue, JsValue> {
    let next = templates::template_load_more(
        u32_arg("loaded", loaded)?,
        u32_arg("total", total)?,
        loading,
    );
    to_js_option(next.as_ref())
}
