//! The route table, language prefixes, redirects, route metadata and canonical links
//! (docs/behaviour/languages-and-routes.md#routes).
//!
//! All functions work on router paths, i.e. paths below the site's `/ai` base: `/de/home`
//! is the page the browser shows at `https://host/ai/de/home`.
//!
//! - [`prefix`]: splitting and adding the language prefix (English has none).
//! - [`names`]: the route names.
//! - [`table`]: the route table as data, named sections and generation types.
//! - [`matcher`]: matching a path (unprefixed or under any prefix) to a route and its params.
//! - [`redirect`]: the route-level redirects (`/` → `/home`, `/create` → `/image-to-video`).
//! - [`build`]: building the path of a named route, the inverse of [`matcher`].
//! - [`canonical`]: the canonical link.
//! - [`menu`]: the left sidebar menu model and its active entry.
//! - [`status`]: the HTTP status of a route's page.

pub mod build;
pub mod canonical;
pub mod error;
pub mod matcher;
pub mod menu;
pub mod names;
mod percent;
pub mod prefix;
pub mod redirect;
pub mod status;
pub mod table;

pub use build::{demo_key, route_path};
pub use canonical::{SHARE_IMAGE_SIZE, ai_base_redirect, canonical_url};
pub use error::RoutesError;
pub use matcher::{RouteMatch, RouteParams, match_route};
pub use menu::{MenuEntry, MenuItem, active_menu_entry, is_menu_entry_active, menu};
pub use names::RouteName;
pub use prefix::{PathSplit, add_prefix, split_prefix, switch_language_path};
pub(crate) use prefix::{append_query, normalize_path};
pub use redirect::{MusicTab, music_tab, route_redirect};
pub use status::page_status;
pub use table::{
    RouteDef, RouteMeta, generation_types, hides_frame, is_generation_type, named_sections,
    route_by_name, route_table,
};
