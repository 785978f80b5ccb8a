//! The OpenAPI 3.1 document of the public API, `GET /v1/openapi.json` (docs/api.md#the-openapi-document),
//! generated with `utoipa` from the server's own request and answer types.
//!
//! What is in it: every route a program with an API key or a browser calls — tasks, uploads,
//! results, credits, check-in, accounts and keys, payments and the store, site content,
//! analytics, and the pages and files the server answers outside `/v1`. What is not: the
//! operator's calls under `/v1/admin/` (`admin::route_list`). They need an operator's session,
//! change every account, and are described where the operator works (docs/operations.md), so the
//! public document leaves them out on purpose. `tests/openapi.rs` walks the real router's routes
//! and fails when a public route is missing here or has no summary.
//!
//! The operations are described in `paths.rs` beside this file, on functions that exist only for
//! the document (utoipa's `#[utoipa::path]` on a function without a body of interest): the
//! handlers stay as their areas wrote them, and the request and answer types are the handlers' own
//! (they derive `ToSchema`). Each answer is the call envelope `{code, msg, data, trace_id}`
//! ([`Envelope`]); each error the error envelope ([`ErrorEnvelope`],
//! docs/behaviour/calls-and-errors.md#the-call-envelope).

mod paths;

use crate::accounts::auth::api_keys::scope_of_route;
use crate::state::AppState;
use axum::Router;
use axum::http::{Method, header};
use axum::response::IntoResponse;
use axum::routing::get;
use std::sync::LazyLock;
use utoipa::openapi::path::Operation;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{RefOr, Response, ResponseBuilder, content::ContentBuilder};
use utoipa::{Modify, OpenApi, ToSchema};

/// Where the document is served.
pub const DOCUMENT_PATH: &str = "/v1/openapi.json";

/// The successful envelope: `code` 0, `msg` "success", the call's `data`.
#[derive(Debug, ToSchema)]
pub struct Envelope<T> {
    /// 0 for success.
    pub code: i64,
    /// "success".
    pub msg: String,
    pub data: T,
    /// A random id of the answer, to match a report with the server's log.
    pub trace_id: String,
}

/// The error envelope: a non-zero `code`, a message naming what to fix, `data` null.
#[derive(Debug, ToSchema)]
pub struct ErrorEnvelope {
    /// The HTTP status (400, 404, 409, 413, 429, 500, …) or a call's own code (140013: the
    /// session or key is missing, bad, expired or revoked).
    pub code: i64,
    /// What went wrong, naming the field (`data.prompt: required`).
    pub msg: String,
    /// Always null on an error.
    #[schema(value_type = Option<Object>)]
    pub data: Option<serde_json::Value>,
    pub trace_id: String,
    /// A stable kind of a refusal people read (`wrong_credentials`), on some errors only.
    #[schema(nullable = false)]
    pub kind: Option<String>,
}

/// Adds the security scheme and, to every operation, the error envelope as its `default`
/// answer (any status the operation does not list), so a client can read every refusal.
struct Common;

/// The name of the bearer scheme (an API key `aivg_sk_…` or a session's access token); the
/// operations in `paths.rs` name it as the literal "bearer" (utoipa takes only literals there).
pub const BEARER: &str = "bearer";

impl Modify for Common {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            BEARER,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "An API key (`aivg_sk_…`, docs/api.md) on the calls its scopes allow, \
                         or a signed-in session's access token.",
                    ))
                    .build(),
            ),
        );
        let error: RefOr<Response> = ResponseBuilder::new()
            .description("An error: the error envelope, `msg` naming what to fix.")
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(utoipa::openapi::Ref::from_schema_name(
                        "ErrorEnvelope",
                    )))
                    .build(),
            )
            .into();
        for (path, item) in doc.paths.paths.iter_mut() {
            for (method, op) in operations(item) {
                op.responses
                    .responses
                    .entry("default".to_owned())
                    .or_insert_with(|| error.clone());
                key_access(op, &method, path);
            }
        }
    }
}

/// Every operation of a path item, with its method.
fn operations(
    item: &mut utoipa::openapi::PathItem,
) -> impl Iterator<Item = (Method, &mut Operation)> {
    [
        (Method::GET, item.get.as_mut()),
        (Method::PUT, item.put.as_mut()),
        (Method::POST, item.post.as_mut()),
        (Method::DELETE, item.delete.as_mut()),
        (Method::OPTIONS, item.options.as_mut()),
        (Method::HEAD, item.head.as_mut()),
        (Method::PATCH, item.patch.as_mut()),
        (Method::TRACE, item.trace.as_mut()),
    ]
    .into_iter()
    .filter_map(|(m, op)| op.map(|op| (m, op)))
}

/// Whether an API key may make the call, from the one table the key check reads
/// (`api_keys::scope_of_route`), so the document cannot drift from it: a call a key may make names
/// its scope in its security requirement and description; a call that needs a sign-in and refuses
/// keys says so.
fn key_access(op: &mut Operation, method: &Method, path: &str) {
    let signed_in = op.security.as_ref().is_some_and(|s| !s.is_empty());
    let note = match scope_of_route(method, path) {
        Some(scope) => {
            op.security = Some(vec![SecurityRequirement::new(BEARER, [scope.name()])]);
            format!("With an API key: the scope `{}`.", scope.name())
        }
        None if signed_in => "A signed-in session only: API keys are refused (403).".to_owned(),
        None => return,
    };
    op.description = Some(match op.description.take() {
        Some(d) if !d.is_empty() => format!("{d}\n\n{note}"),
        _ => note,
    });
}

#[derive(Debug, OpenApi)]
#[openapi(
    info(
        title = "ai-video-generator API",
        description = "The calls of the site for programs (with an API key) and browsers. Every JSON \
            answer is the envelope `{code, msg, data, trace_id}`, `code` 0 for success. See docs/api.md."
    ),
    paths(
        paths::create_task, paths::task_result, paths::task_batch, paths::task_list,
        paths::task_cancel, paths::task_delete, paths::task_retry, paths::task_data_save,
        paths::task_like, paths::prompt_polish, paths::prompt_img2prompt, paths::task_events,
        paths::task_events_ticket, paths::task_preview, paths::task_minutes,
        paths::oss_token, paths::oss_sign, paths::oss_mediainfo, paths::oss_upload, paths::oss_file,
        paths::credit_balance, paths::credit_history,
        paths::checkin_status, paths::checkin_claim,
        paths::register, paths::register_page, paths::login, paths::login_page,
        paths::cookie_check_page, paths::account_page, paths::oauth_token, paths::token_renew,
        paths::user_info, paths::logout,
        paths::keys_list, paths::keys_create, paths::keys_revoke, paths::keys_webhook,
        paths::keys_deliveries,
        paths::pay_checkout, paths::stripe_webhook, paths::pay_return,
        paths::sku_info, paths::store_checkout_page, paths::store_checkout_pay, paths::trade_info,
        paths::verify_record, paths::coupon_receive, paths::feature_code_auth,
        paths::cms_data, paths::ads, paths::marketing, paths::ab_test, paths::country,
        paths::activity_apply, paths::prompt_sample, paths::links, paths::terms_page,
        paths::privacy_page, paths::demo_list, paths::prompt_presets, paths::tts_voices,
        paths::workflow_list, paths::workflow_ct_list, paths::workflow_info,
        paths::workflow_category_list, paths::recommend_tpl, paths::workflow_direct,
        paths::resource_list, paths::resource_info, paths::resource_export, paths::explore_list,
        paths::explore_info, paths::zone_list, paths::zone_info, paths::explore_report,
        paths::seed_file, paths::builds_latest, paths::builds_meta, paths::app_icon,
        paths::analytics_events, paths::analytics_stats,
        paths::openapi_document,
    ),
    components(schemas(ErrorEnvelope)),
    modifiers(&Common),
    tags(
        (name = "tasks", description = "Create generation tasks, follow them, read their results."),
        (name = "uploads", description = "Upload input files and sign download URLs."),
        (name = "credits", description = "The credits left and the ledger."),
        (name = "checkin", description = "The daily check-in."),
        (name = "account", description = "Registration, sign-in, tokens and the user info."),
        (name = "keys", description = "API keys (a signed-in session only; never with a key)."),
        (name = "payments", description = "Checkout and the payment provider's calls."),
        (name = "store", description = "Plans, credit packs, coupons and orders."),
        (name = "site", description = "Site content: templates, examples, promotions, links."),
        (name = "analytics", description = "Page analytics."),
        (name = "pages", description = "Pages and files the server answers outside /v1."),
        (name = "meta", description = "This document."),
    )
)]
pub struct ApiDoc;

/// The document, built once.
pub fn document() -> &'static utoipa::openapi::OpenApi {
    static DOC: LazyLock<utoipa::openapi::OpenApi> = LazyLock::new(ApiDoc::openapi);
    &DOC
}

/// The document as JSON, serialised once.
fn document_json() -> &'static str {
    static JSON: LazyLock<String> = LazyLock::new(|| {
        // Serialising utoipa's own types cannot fail (no maps with non-string keys); an empty
        // object would still be valid JSON if it ever did.
        serde_json::to_string(document()).unwrap_or_else(|_| "{}".to_owned())
    });
    &JSON
}

/// `GET /v1/openapi.json`: the document (not wrapped in the envelope: tools read it as it is).
async fn serve() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        document_json(),
    )
}

/// The route of the document.
pub fn router() -> Router<AppState> {
    Router::new().route(DOCUMENT_PATH, get(serve))
}
