//! The operator console's API, under `/v1/admin/` (docs/operations.md#the-operator-console).
//!
//! Every route takes an [`AdminUser`]: anonymous callers get 401, signed-in users who are not
//! admins 403. [`routes`] is the one table the router is built from, so a test can walk every
//! route. Every change an admin makes is written to the audit trail ([`audit`]) in the same
//! transaction as the change; no route edits or deletes the trail. Admin calls count against the
//! per-account list limit (`AIVG_LIMIT_LIST`, `limits::routes`).

pub mod access;
pub mod audit;
pub mod content;
pub mod content_lists;
pub mod engines;
pub mod overview;
pub mod payments;
pub mod roles;
pub mod tasks;
pub mod users;

use crate::accounts::auth::AuthUser;
use crate::api::ApiError;
use crate::state::AppState;
use axum::Router;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{Method, StatusCode};
use axum::routing::{MethodRouter, get, post};

/// The `kind` of the 403 a signed-in non-admin gets.
pub const KIND_ADMIN_ONLY: &str = "admin_only";

/// A signed-in admin (a user whose role is `admin`).
#[derive(Debug, Clone)]
pub struct AdminUser {
    pub id: i64,
}

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        if roles::is_admin(&state.db.pool, user.id).await? {
            Ok(Self { id: user.id })
        } else {
            Err(ApiError::new(
                StatusCode::FORBIDDEN,
                403,
                "this page is for the site's administrators",
            )
            .with_kind(KIND_ADMIN_ONLY))
        }
    }
}

/// The upload route of content media (its body limit is its own: `request_guard.rs` leaves
/// paths under `/v1/admin/media/` to it).
pub const MEDIA_UPLOAD: &str = "/v1/admin/media/templates/{id}/{slot}";
/// The upload route of a list item's media (`content_lists.rs`), under the same prefix.
pub const LIST_MEDIA_UPLOAD: &str = "/v1/admin/media/{kind}/{list}/{id}/{slot}";

/// Every route of the console: method, path, handler.
pub fn routes() -> Vec<(Method, &'static str, MethodRouter<AppState>)> {
    vec![
        (Method::GET, "/v1/admin/me", get(roles::me)),
        (Method::GET, "/v1/admin/overview", get(overview::overview)),
        (Method::GET, "/v1/admin/users", get(users::search)),
        (Method::GET, "/v1/admin/users/{id}", get(users::detail)),
        (
            Method::POST,
            "/v1/admin/users/{id}/credits",
            post(users::credits),
        ),
        (Method::POST, "/v1/admin/users/{id}/role", post(roles::set)),
        (
            Method::POST,
            "/v1/admin/users/{id}/sign-out",
            post(access::sign_out),
        ),
        (
            Method::POST,
            "/v1/admin/users/{id}/disabled",
            post(access::set_disabled),
        ),
        (Method::GET, "/v1/admin/audit", get(audit::list)),
        (Method::GET, "/v1/admin/tasks", get(tasks::list)),
        (Method::GET, "/v1/admin/tasks/{id}", get(tasks::detail)),
        (
            Method::POST,
            "/v1/admin/tasks/{id}/retry",
            post(tasks::retry),
        ),
        (
            Method::POST,
            "/v1/admin/tasks/{id}/cancel",
            post(tasks::cancel),
        ),
        (
            Method::POST,
            "/v1/admin/tasks/{id}/refund",
            post(tasks::refund),
        ),
        (Method::GET, "/v1/admin/engines", get(engines::report)),
        (Method::GET, "/v1/admin/content", get(content::kinds)),
        (
            Method::GET,
            "/v1/admin/content/templates/items",
            get(content::templates),
        ),
        (
            Method::POST,
            "/v1/admin/content/templates/items/{id}",
            post(content::put_template),
        ),
        (
            Method::POST,
            "/v1/admin/content/templates/items/{id}/published",
            post(content::publish_template),
        ),
        (
            Method::POST,
            "/v1/admin/content/templates/order",
            post(content::order_templates),
        ),
        (
            Method::POST,
            MEDIA_UPLOAD,
            post(content::upload_template_media).layer(axum::extract::DefaultBodyLimit::max(
                crate::site::content_media::MAX_MEDIA_BYTES,
            )),
        ),
        (
            Method::GET,
            "/v1/admin/lists/{kind}/{list}",
            get(content_lists::items),
        ),
        (
            Method::POST,
            "/v1/admin/lists/{kind}/{list}/items/{id}",
            post(content_lists::put_item),
        ),
        (
            Method::POST,
            "/v1/admin/lists/{kind}/{list}/items/{id}/published",
            post(content_lists::publish_item),
        ),
        (
            Method::POST,
            "/v1/admin/lists/{kind}/{list}/order",
            post(content_lists::order_items),
        ),
        (
            Method::POST,
            LIST_MEDIA_UPLOAD,
            post(content_lists::upload_media).layer(axum::extract::DefaultBodyLimit::max(
                crate::site::content_media::MAX_MEDIA_BYTES,
            )),
        ),
        (
            Method::GET,
            "/v1/admin/content/{kind}",
            get(content::document),
        ),
        (
            Method::POST,
            "/v1/admin/content/{kind}",
            post(content::put_document),
        ),
        (
            Method::POST,
            "/v1/admin/engines/{backend}/rotation",
            post(engines::set_rotation),
        ),
        (Method::GET, "/v1/admin/payments", get(payments::trades)),
        (
            Method::GET,
            "/v1/admin/payments/events",
            get(payments::events),
        ),
        (
            Method::POST,
            "/v1/admin/payments/{id}/refund",
            post(payments::refund),
        ),
    ]
}

/// The method and path of every route (for tests and the docs).
pub fn route_list() -> Vec<(Method, &'static str)> {
    routes().into_iter().map(|(m, p, _)| (m, p)).collect()
}

/// The routes of this area.
pub fn router() -> Router<AppState> {
    routes()
        .into_iter()
        .fold(Router::new(), |r, (_, path, handler)| {
            r.route(path, handler)
        })
}
