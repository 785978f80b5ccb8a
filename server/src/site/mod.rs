//! The site area: page content, promotions, experiments and the catalogue of templates, explore
//! items, zones and library resources, all from seeded fixtures (`server/seed/*.json`), plus the
//! files the SPA fetches from its own origin (build manifests, icons, seeded pictures).
//!
//! | call | module |
//! |---|---|
//! | `GET /api/cms-data/{key}` | [`cms`] |
//! | `GET /v1/common/ad`, `GET /v1/common/marketing` | [`ads`] |
//! | `GET /v1/common/ab-test` | [`experiments`] |
//! | `GET /v1/common/country` | [`country`] |
//! | `POST /v1/activity/apply` | [`activity`] |
//! | `GET /v1/common/links`, `GET /legal/terms`, `GET /legal/privacy` | [`links`] |
//! | `GET /v1/common/prompt_sample`, `GET /v1/common/demo/list`, `GET /v1/prompt/category-and-presets`, `GET /v1/ai/tts/voice` | [`prompts`] |
//! | `GET /v1/workflow/list`, `…/ct/list`, `…/info`, `POST …/category/list`, `GET /v1/recommend/tpl` | [`workflow`] (wire shape: [`template_shape`]) |
//! | `POST /v1/workflow/direct` | [`direct`] |
//! | `POST /v1/workflow/resource/list`, `GET …/resource/info`, `POST …/resource/export` | [`library`] |
//! | `GET /v1/workflow/explore/list`, `…/explore/info`, `…/zone/list`, `…/zone/info`, `POST /v1/explore/report` | [`explore`] |
//! | `GET /static/content/{name}` (media an operator uploaded) | [`content_media`] |
//! | `GET /static/seed/{name}.svg`, `GET /static/seed/tpl-{id}-preview.wav` ([`audio_preview`]), `GET /static/seed/demo-{key}-{n}-{side}.jpg` ([`demo_photo`]), `GET /builds/latest.json`, `GET /builds/meta/{id}.json`, `GET /app_static/icons/{name}.svg` | [`assets`] |

pub mod activity;
pub mod ads;
pub mod assets;
pub mod audio_preview;
pub mod cms;
pub mod content_media;
pub mod content_store;
pub mod country;
pub mod demo_photo;
pub mod direct;
pub mod experiments;
pub mod explore;
pub mod library;
pub mod links;
pub mod prompts;
pub mod seed;
mod seed_checks;
pub mod seed_media;
pub mod seed_texts;
pub mod template_shape;
pub mod workflow;

use crate::state::AppState;
use axum::Router;
use axum::routing::{get, post};

/// The routes of this area, merged into the app router.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/cms-data/{key}", get(cms::cms_data))
        .route("/v1/common/ad", get(ads::ads))
        .route("/v1/common/marketing", get(ads::marketing))
        .route("/v1/common/ab-test", get(experiments::ab_test))
        .route("/v1/common/country", get(country::country))
        .route("/v1/activity/apply", post(activity::apply))
        .route("/v1/common/prompt_sample", get(prompts::prompt_sample))
        .route("/v1/common/links", get(links::links))
        .route(links::TERMS_PAGE, get(links::terms_page))
        .route(links::PRIVACY_PAGE, get(links::privacy_page))
        .route("/v1/common/demo/list", get(prompts::demos))
        .route("/v1/prompt/category-and-presets", get(prompts::presets))
        .route("/v1/ai/tts/voice", get(prompts::voices))
        .route("/v1/workflow/list", get(workflow::list))
        .route("/v1/workflow/ct/list", get(workflow::ct_list))
        .route("/v1/workflow/info", get(workflow::info))
        .route("/v1/workflow/category/list", post(workflow::category_list))
        .route("/v1/recommend/tpl", get(workflow::recommend))
        .route("/v1/workflow/direct", post(direct::direct))
        .route("/v1/workflow/resource/list", post(library::list))
        .route("/v1/workflow/resource/info", get(library::info))
        .route("/v1/workflow/resource/export", post(library::export))
        .route("/v1/workflow/explore/list", get(explore::list))
        .route("/v1/workflow/explore/info", get(explore::info))
        .route("/v1/workflow/zone/list", get(explore::zones))
        .route("/v1/workflow/zone/info", get(explore::zone_info))
        .route("/v1/explore/report", post(explore::report))
        .route("/static/seed/{file}", get(assets::seed_file))
        .route("/static/content/{file}", get(content_media::serve))
        .route("/builds/latest.json", get(assets::latest))
        .route("/builds/meta/{file}", get(assets::meta))
        .route("/app_static/icons/{file}", get(assets::icon))
}
