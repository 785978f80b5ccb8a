//! Template list paging (docs/behaviour/tasks-and-queue.md#templates "Template lists", #templates
//! "Template page size 25; load-more threshold 20 loaded").
//!
//! The rule, made precise: page 1 is fetched by the list's initial load. After that, another
//! page is requested only when all of these hold: no request for the list is under way, more
//! than 20 templates are loaded (so a list showing only a short first page never pages on its
//! own), and fewer than `total` are loaded. The next page is `loaded / 25 + 1` (pages are
//! 1-based and hold 25): with whole pages loaded this is simply the following page; if the
//! server's list shifted and a partial page is loaded, that page is asked again and the app
//! drops templates whose `tpl_id` it already has.

use serde::{Deserialize, Serialize};

/// Templates per page (docs/behaviour/tasks-and-queue.md#templates).
pub const TEMPLATE_PAGE_SIZE: u32 = 25;
/// More is requested only when more than this many are loaded
/// (docs/behaviour/tasks-and-queue.md#templates).
pub const TEMPLATE_LOAD_MORE_THRESHOLD: u32 = 20;

/// Paging part of a `GET /v1/workflow/list` request (docs/behaviour/tasks-and-queue.md#templates),
/// with its wire names.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TemplatePageQuery {
    /// 1-based page.
    pub page: u32,
    /// Always 25.
    pub page_size: u32,
}

/// The request of the initial load: page 1 of 25.
pub fn template_first_page() -> TemplatePageQuery {
    TemplatePageQuery {
        page: 1,
        page_size: TEMPLATE_PAGE_SIZE,
    }
}

/// Whether the server holds more templates than are loaded
/// (docs/behaviour/tasks-and-queue.md#templates: loaded < total).
pub fn template_has_more(loaded: u32, total: u32) -> bool {
    loaded < total
}

/// The next page to request when the list asks for more (scrolled near its end), or `None` when
/// nothing must be requested: a request is under way, 20 or fewer are loaded, or all are
/// loaded (docs/behaviour/tasks-and-queue.md#templates; see the module doc).
pub fn template_load_more(loaded: u32, total: u32, loading: bool) -> Option<TemplatePageQuery> {
    if loading || loaded <= TEMPLATE_LOAD_MORE_THRESHOLD || !template_has_more(loaded, total) {
        return None;
    }
    Some(TemplatePageQuery {
        page: loaded / TEMPLATE_PAGE_SIZE + 1,
        page_size: TEMPLATE_PAGE_SIZE,
    })
}
