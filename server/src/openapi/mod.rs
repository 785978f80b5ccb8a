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
//! The operations are described in the `paths` module at the end of this file, on functions that
//! exist only for the document (utoipa's `#[utoipa::path]` on a function without a body of
//! interest): the handlers stay as their areas wrote them, and the request and answer types are the handlers' own
//! (they derive `ToSchema`). Each answer is the call envelope `{code, msg, data, trace_id}`
//! ([`Envelope`]); each error the error envelope ([`ErrorEnvelope`],
//! docs/behaviour/calls-and-errors.md#the-call-envelope).

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
/// operations in `paths` name it as the literal "bearer" (utoipa takes only literals there).
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
        paths::seed_file, paths::content_file, paths::builds_latest, paths::builds_meta, paths::app_icon,
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

/// The operations of the document: one function per route, only for `#[utoipa::path]`, never
/// called. Bodies and answers name the handlers' own types where they have one; a handler that
/// reads free JSON (a module's fields, a page of a list) is described by its doc and `Value` (any
/// JSON). They are in this file, not one of their own, because they belong to the HTTP side of
/// this module as its router does (tests/layers.rs tells the two sides apart by file).
mod paths {
    #![allow(dead_code)]

    use super::Envelope;
    use crate::accounts::api_key_calls::{Created as NewKey, KeyItem, NewKeyBody, WebhookBody};
    use crate::accounts::{CodeAnswer, TokenAnswer};
    use crate::api::List;
    use crate::credits::{Balance, History, HistoryQuery};
    use crate::tasks::call_answers::{CreatedTask, Deleted, Liked, Saved};
    use crate::tasks::list::TaskPage;
    use crate::tasks::minutes::usage::Minutes;
    use crate::tasks::prompt::{Description, Polished};
    use crate::tasks::record::TaskView;
    use crate::uploads::grants::{PathQuery, SignQuery, SignedUrl, TokenQuery, UploadGrant};
    use crate::uploads::mediainfo::MediaInfo;
    use crate::webhooks::deliveries::DeliveryItem;
    use serde_json::Value;

    type Any = Envelope<Value>;

    // ---- tasks ----

    #[utoipa::path(post, path = "/v1/ai/create/{algorithm}", tag = "tasks",
    summary = "Create a task",
    description = "Charges the module's credits and queues the task (HTTP 402 when there are not \
        enough). Body `{data: {...the module's fields}, user_data?, callback_url?}`; a missing or \
        wrong field answers 400 naming it. An `Idempotency-Key` header makes a retry answer the \
        first creation.",
    params(("algorithm" = String, Path, description = "The module: text2image, image2video, …"),
        ("Idempotency-Key" = Option<String>, Header, description = "1 to 255 visible ASCII characters")),
    request_body = Value,
    responses((status = 200, description = "The new task", body = Envelope<CreatedTask>)),
    security(("bearer" = [])))]
    fn create_task() {}

    #[utoipa::path(get, path = "/v1/ai/result/{algorithm}/{id}", tag = "tasks",
    summary = "Read a task",
    description = "The task's status, progress and, once it succeeded, its outputs with signed \
        download URLs.",
    params(("algorithm" = String, Path, description = "The task's module"),
        ("id" = String, Path, description = "The task id")),
    responses((status = 200, description = "The task", body = Envelope<TaskView>)),
    security(("bearer" = [])))]
    fn task_result() {}

    #[utoipa::path(post, path = "/v1/ai/result/batch", tag = "tasks",
    summary = "Read several tasks",
    description = "Body `{task_ids: [...]}`: the user's tasks among them.",
    request_body = Value,
    responses((status = 200, description = "The tasks", body = Envelope<List<TaskView>>)),
    security(("bearer" = [])))]
    fn task_batch() {}

    #[utoipa::path(post, path = "/v1/ai/task", tag = "tasks",
    summary = "List tasks",
    description = "Body `{page, page_size, module, algorithm, status}` (all optional): the user's \
        tasks, newest first.",
    request_body = Value,
    responses((status = 200, description = "A page of tasks", body = Envelope<TaskPage>)),
    security(("bearer" = [])))]
    fn task_list() {}

    #[utoipa::path(post, path = "/v1/ai/cancel/{id}", tag = "tasks",
    summary = "Cancel a task",
    description = "Cancels a queued or running task; its credits come back.",
    params(("id" = String, Path, description = "The task id")),
    responses((status = 200, description = "The task", body = Envelope<TaskView>)),
    security(("bearer" = [])))]
    fn task_cancel() {}

    #[utoipa::path(post, path = "/v1/ai/del/{id}", tag = "tasks",
    summary = "Delete a task",
    description = "Removes an ended task from the user's history (a session only).",
    params(("id" = String, Path, description = "The task id")),
    responses((status = 200, description = "Deleted", body = Envelope<Deleted>)),
    security(("bearer" = [])))]
    fn task_delete() {}

    #[utoipa::path(post, path = "/v1/ai/retry", tag = "tasks",
    summary = "Retry a task",
    description = "Body `{task_id}`: a new task with the same inputs, charged again. Scope \
        `tasks:create`.",
    request_body = Value,
    responses((status = 200, description = "The new task", body = Envelope<CreatedTask>)),
    security(("bearer" = [])))]
    fn task_retry() {}

    #[utoipa::path(post, path = "/v1/ai/task/data_save", tag = "tasks",
    summary = "Save a task's result",
    description = "Body `{task_id, save_type}`: keeps the result in the user's library.",
    request_body = Value,
    responses((status = 200, description = "Saved", body = Envelope<Saved>)),
    security(("bearer" = [])))]
    fn task_data_save() {}

    #[utoipa::path(post, path = "/v1/ai/task/like", tag = "tasks",
    summary = "Like or unlike a result",
    description = "Body `{task_id, like}`.",
    request_body = Value,
    responses((status = 200, description = "The like", body = Envelope<Liked>)),
    security(("bearer" = [])))]
    fn task_like() {}

    #[utoipa::path(post, path = "/v1/ai/prompt/polish", tag = "tasks",
    summary = "Polish a prompt",
    description = "Body `{prompt}`: a richer prompt for the same picture.",
    request_body = Value,
    responses((status = 200, description = "The polished prompt", body = Envelope<Polished>)),
    security(("bearer" = [])))]
    fn prompt_polish() {}

    #[utoipa::path(post, path = "/v1/ai/prompt/img2prompt", tag = "tasks",
    summary = "Describe a picture as a prompt",
    description = "Body `{oss_path}` of an uploaded picture.",
    request_body = Value,
    responses((status = 200, description = "The description", body = Envelope<Description>)),
    security(("bearer" = [])))]
    fn prompt_img2prompt() {}

    #[utoipa::path(get, path = "/v1/ai/events", tag = "tasks",
    summary = "Follow the user's tasks (server-sent events)",
    description = "An event stream of the user's task changes; `?ticket=` from \
        `POST /v1/ai/events/ticket` (a browser's EventSource sends no header).",
    params(("ticket" = String, Query, description = "A ticket from POST /v1/ai/events/ticket")),
    responses((status = 200, description = "The event stream", content_type = "text/event-stream", body = String)))]
    fn task_events() {}

    #[utoipa::path(post, path = "/v1/ai/events/ticket", tag = "tasks",
    summary = "A ticket for the event stream",
    description = "A short-lived ticket naming the user, for `GET /v1/ai/events?ticket=`.",
    responses((status = 200, description = "The ticket", body = Any)),
    security(("bearer" = [])))]
    fn task_events_ticket() {}

    #[utoipa::path(get, path = "/v1/ai/preview/{id}", tag = "tasks",
    summary = "A running task's latest preview",
    description = "The latest preview picture of a running task (204 while there is none).",
    params(("id" = String, Path, description = "The task id")),
    responses((status = 200, description = "The preview picture", content_type = "image/jpeg", body = Vec<u8>),
        (status = 204, description = "No preview yet")),
    security(("bearer" = [])))]
    fn task_preview() {}

    #[utoipa::path(get, path = "/v1/ai/minutes", tag = "tasks",
    summary = "The user's video minutes",
    description = "Minutes of video made this period and the plan's allowance.",
    responses((status = 200, description = "The usage", body = Envelope<Minutes>)),
    security(("bearer" = [])))]
    fn task_minutes() {}

    // ---- uploads ----

    #[utoipa::path(get, path = "/v1/common/oss/token", tag = "uploads",
    summary = "Grant an upload",
    description = "A signed URL to PUT one file to (valid an hour, once) and the path to give a \
        task. An `Idempotency-Key` header makes a retry answer the first grant.",
    params(TokenQuery,
        ("Idempotency-Key" = Option<String>, Header, description = "1 to 255 visible ASCII characters")),
    responses((status = 200, description = "The grant", body = Envelope<UploadGrant>),
        (status = 507, description = "Not enough storage left", body = super::ErrorEnvelope)),
    security(("bearer" = [])))]
    fn oss_token() {}

    #[utoipa::path(get, path = "/v1/common/oss/sign", tag = "uploads",
    summary = "Sign a download URL",
    description = "A download URL of one of the user's files, valid 24 hours.",
    params(SignQuery),
    responses((status = 200, description = "The URL", body = Envelope<SignedUrl>)),
    security(("bearer" = [])))]
    fn oss_sign() {}

    #[utoipa::path(get, path = "/v1/common/oss/mediainfo", tag = "uploads",
    summary = "Read an uploaded file's media facts",
    description = "Width, height, size, type, duration of one of the user's files.",
    params(PathQuery),
    responses((status = 200, description = "The facts", body = Envelope<MediaInfo>)),
    security(("bearer" = [])))]
    fn oss_mediainfo() {}

    #[utoipa::path(put, path = "/oss/upload/{oss_path}", tag = "uploads",
    summary = "Upload a file to a granted URL",
    description = "The file's bytes, sent to the `upload_url` of a grant with its query (the \
        signature) and headers; no key or token.",
    params(("oss_path" = String, Path, description = "The granted path")),
    request_body(content = Vec<u8>, content_type = "application/octet-stream"),
    responses((status = 200, description = "Stored", body = Any)))]
    fn oss_upload() {}

    #[utoipa::path(get, path = "/oss/file/{oss_path}", tag = "uploads",
    summary = "Download a file from a signed URL",
    description = "A stored file, by a signed URL (its query is the signature); ranges allowed.",
    params(("oss_path" = String, Path, description = "The file's path")),
    responses((status = 200, description = "The file", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 206, description = "A range of the file", content_type = "application/octet-stream", body = Vec<u8>)))]
    fn oss_file() {}

    // ---- credits and check-in ----

    #[utoipa::path(get, path = "/v1/credit/balance", tag = "credits",
    summary = "The credits left",
    responses((status = 200, description = "The balance", body = Envelope<Balance>)),
    security(("bearer" = [])))]
    fn credit_balance() {}

    #[utoipa::path(get, path = "/v1/credit/history", tag = "credits",
    summary = "The credit history",
    description = "The user's ledger rows, newest first.",
    params(HistoryQuery),
    responses((status = 200, description = "A page of the ledger", body = Envelope<History>)),
    security(("bearer" = [])))]
    fn credit_history() {}

    #[utoipa::path(get, path = "/v1/activity/checkin/status", tag = "checkin",
    summary = "The check-in calendar",
    description = "Which days of the current run were claimed and what today gives (a session only).",
    responses((status = 200, description = "The status", body = Any)),
    security(("bearer" = [])))]
    fn checkin_status() {}

    #[utoipa::path(post, path = "/v1/activity/checkin", tag = "checkin",
    summary = "Claim today's check-in",
    description = "Grants the day's credits once a day (a session only).",
    request_body = Value,
    responses((status = 200, description = "The claim", body = Any)),
    security(("bearer" = [])))]
    fn checkin_claim() {}

    // ---- account ----

    #[utoipa::path(post, path = "/account/register", tag = "account",
    summary = "Register",
    description = "Body `{email, password}`: a new account; answers a one-time code to exchange at \
        `POST /v1/oauth/token`.",
    request_body = Value,
    responses((status = 200, description = "The code", body = Envelope<CodeAnswer>)))]
    fn register() {}

    #[utoipa::path(get, path = "/account/register", tag = "pages",
    summary = "The registration page",
    responses((status = 200, description = "The page", content_type = "text/html", body = String)))]
    fn register_page() {}

    #[utoipa::path(post, path = "/account/login", tag = "account",
    summary = "Sign in",
    description = "Body `{email, password}`: a one-time code to exchange at `POST /v1/oauth/token`.",
    request_body = Value,
    responses((status = 200, description = "The code", body = Envelope<CodeAnswer>)))]
    fn login() {}

    #[utoipa::path(get, path = "/account/login", tag = "pages",
    summary = "The sign-in page",
    responses((status = 200, description = "The page", content_type = "text/html", body = String)))]
    fn login_page() {}

    #[utoipa::path(get, path = "/account/cookie-check", tag = "pages",
    summary = "The cookie check page",
    responses((status = 200, description = "The page", content_type = "text/html", body = String)))]
    fn cookie_check_page() {}

    #[utoipa::path(get, path = "/account", tag = "pages",
    summary = "The account page",
    description = "The signed-in user's account (the session cookie); signed out, a redirect to \
        the sign-in page.",
    responses((status = 200, description = "The page", content_type = "text/html", body = String),
        (status = 303, description = "Signed out: to the sign-in page")))]
    fn account_page() {}

    #[utoipa::path(post, path = "/v1/oauth/token", tag = "account",
    summary = "Exchange a code for tokens",
    description = "Body `{code}`: an access token and a refresh token.",
    request_body = Value,
    responses((status = 200, description = "The tokens", body = Envelope<TokenAnswer>)))]
    fn oauth_token() {}

    #[utoipa::path(get, path = "/v1/token/renew", tag = "account",
    summary = "Renew the access token",
    description = "With the refresh token as the bearer: a new access token.",
    responses((status = 200, description = "The tokens", body = Envelope<TokenAnswer>)),
    security(("bearer" = [])))]
    fn token_renew() {}

    #[utoipa::path(post, path = "/v1/user", tag = "account",
    summary = "The user info",
    description = "The signed-in user's account, plan and credits (a session only).",
    responses((status = 200, description = "The user info", body = Any)),
    security(("bearer" = [])))]
    fn user_info() {}

    #[utoipa::path(post, path = "/v1/logout", tag = "account",
    summary = "Sign out",
    description = "Ends the session's tokens.",
    responses((status = 200, description = "Signed out", body = Any)),
    security(("bearer" = [])))]
    fn logout() {}

    // ---- keys ----

    #[utoipa::path(get, path = "/v1/keys", tag = "keys",
    summary = "List API keys",
    description = "The user's keys, newest first, never the keys themselves.",
    responses((status = 200, description = "The keys", body = Envelope<List<KeyItem>>)),
    security(("bearer" = [])))]
    fn keys_list() {}

    #[utoipa::path(post, path = "/v1/keys", tag = "keys",
    summary = "Create an API key",
    description = "The key and its webhook secret are answered this once.",
    request_body = NewKeyBody,
    responses((status = 200, description = "The new key", body = Envelope<NewKey>)),
    security(("bearer" = [])))]
    fn keys_create() {}

    #[utoipa::path(post, path = "/v1/keys/{id}/revoke", tag = "keys",
    summary = "Revoke an API key",
    description = "The key stops working at once, its webhooks too.",
    params(("id" = i64, Path, description = "The key's id")),
    responses((status = 200, description = "The revoked key", body = Envelope<KeyItem>)),
    security(("bearer" = [])))]
    fn keys_revoke() {}

    #[utoipa::path(post, path = "/v1/keys/{id}/webhook", tag = "keys",
    summary = "Change an API key's webhook URL",
    description = "The key's default callback URL, checked as at creation (https, a public \
        address); null or empty removes it. Tasks already created keep theirs. A revoked key \
        answers 409.",
    params(("id" = i64, Path, description = "The key's id")),
    request_body = WebhookBody,
    responses((status = 200, description = "The key", body = Envelope<KeyItem>)),
    security(("bearer" = [])))]
    fn keys_webhook() {}

    #[utoipa::path(get, path = "/v1/keys/{id}/deliveries", tag = "keys",
    summary = "A key's webhook deliveries",
    description = "The key's last 50 webhook deliveries with their attempts.",
    params(("id" = i64, Path, description = "The key's id")),
    responses((status = 200, description = "The deliveries", body = Envelope<List<DeliveryItem>>)),
    security(("bearer" = [])))]
    fn keys_deliveries() {}

    // ---- payments and store ----

    #[utoipa::path(post, path = "/v1/pay/checkout", tag = "payments",
    summary = "Start a checkout",
    description = "Body `{sku_id, ...}`: the payment provider's checkout URL (a session only).",
    request_body = Value,
    responses((status = 200, description = "The checkout", body = Any)),
    security(("bearer" = [])))]
    fn pay_checkout() {}

    #[utoipa::path(post, path = "/v1/pay/stripe/webhook", tag = "payments",
    summary = "The payment provider's events",
    description = "Called by Stripe only, signed with `Stripe-Signature`.",
    request_body = Value,
    responses((status = 200, description = "Received", body = Any)))]
    fn stripe_webhook() {}

    #[utoipa::path(get, path = "/pay/return", tag = "pages",
    summary = "Back from the payment provider",
    description = "Where the provider sends the browser back: a page saying the payment was \
        received (`?status=paid`) or cancelled.",
    params(("status" = Option<String>, Query, description = "paid, or anything else for cancelled")),
    responses((status = 200, description = "The page", content_type = "text/html", body = String)))]
    fn pay_return() {}

    #[utoipa::path(get, path = "/v1/buy/sku-info", tag = "store",
    summary = "Plans and credit packs on sale",
    responses((status = 200, description = "The offers", body = Any)))]
    fn sku_info() {}

    #[utoipa::path(get, path = "/store/checkout", tag = "pages",
    summary = "The built-in checkout page",
    responses((status = 200, description = "The page", content_type = "text/html", body = String)))]
    fn store_checkout_page() {}

    #[utoipa::path(post, path = "/store/checkout/pay", tag = "store",
    summary = "Pay on the built-in checkout",
    request_body = Value,
    responses((status = 200, description = "The receipt", body = Any)),
    security(("bearer" = [])))]
    fn store_checkout_pay() {}

    #[utoipa::path(get, path = "/v1/buy/trade-info", tag = "store",
    summary = "An order's state",
    responses((status = 200, description = "The order", body = Any)),
    security(("bearer" = [])))]
    fn trade_info() {}

    #[utoipa::path(get, path = "/v1/verify/record", tag = "store",
    summary = "A payment's verification record",
    responses((status = 200, description = "The record", body = Any)),
    security(("bearer" = [])))]
    fn verify_record() {}

    #[utoipa::path(post, path = "/v1/buy/coupon/receive", tag = "store",
    summary = "Receive a coupon",
    responses((status = 200, description = "The coupon", body = Any)),
    security(("bearer" = [])))]
    fn coupon_receive() {}

    #[utoipa::path(post, path = "/v1/feature-code/auth", tag = "store",
    summary = "May the user use a feature",
    request_body = Value,
    responses((status = 200, description = "The answer", body = Any)),
    security(("bearer" = [])))]
    fn feature_code_auth() {}

    // ---- site content ----

    #[utoipa::path(get, path = "/api/cms-data/{key}", tag = "site",
    summary = "A CMS entry",
    params(("key" = String, Path, description = "The entry's key")),
    responses((status = 200, description = "The entry or null", body = Any)))]
    fn cms_data() {}

    #[utoipa::path(get, path = "/v1/common/ad", tag = "site",
    summary = "Promotions of a place",
    responses((status = 200, description = "The promotions", body = Any)))]
    fn ads() {}

    #[utoipa::path(get, path = "/v1/common/marketing", tag = "site",
    summary = "Marketing content",
    responses((status = 200, description = "The content", body = Any)))]
    fn marketing() {}

    #[utoipa::path(get, path = "/v1/common/ab-test", tag = "site",
    summary = "An experiment's assignment",
    responses((status = 200, description = "The assignment", body = Any)))]
    fn ab_test() {}

    #[utoipa::path(get, path = "/v1/common/country", tag = "site",
    summary = "The visitor's country",
    responses((status = 200, description = "The country", body = Any)))]
    fn country() {}

    #[utoipa::path(post, path = "/v1/activity/apply", tag = "site",
    summary = "Apply for an activity",
    responses((status = 200, description = "Applied", body = Any)),
    security(("bearer" = [])))]
    fn activity_apply() {}

    #[utoipa::path(get, path = "/v1/common/prompt_sample", tag = "site",
    summary = "Sample prompts",
    responses((status = 200, description = "The samples", body = Any)))]
    fn prompt_sample() {}

    #[utoipa::path(get, path = "/v1/common/links", tag = "site",
    summary = "The site's links",
    responses((status = 200, description = "The links", body = Any)))]
    fn links() {}

    #[utoipa::path(get, path = "/legal/terms", tag = "pages",
    summary = "The terms of service",
    responses((status = 200, description = "The page", content_type = "text/html", body = String)))]
    fn terms_page() {}

    #[utoipa::path(get, path = "/legal/privacy", tag = "pages",
    summary = "The privacy policy",
    responses((status = 200, description = "The page", content_type = "text/html", body = String)))]
    fn privacy_page() {}

    #[utoipa::path(get, path = "/v1/common/demo/list", tag = "site",
    summary = "A tool's examples",
    responses((status = 200, description = "The examples", body = Any)))]
    fn demo_list() {}

    #[utoipa::path(get, path = "/v1/prompt/category-and-presets", tag = "site",
    summary = "Prompt categories and presets",
    responses((status = 200, description = "The presets", body = Any)))]
    fn prompt_presets() {}

    #[utoipa::path(get, path = "/v1/ai/tts/voice", tag = "site",
    summary = "Text-to-speech voices",
    responses((status = 200, description = "The voices", body = Any)))]
    fn tts_voices() {}

    #[utoipa::path(get, path = "/v1/workflow/list", tag = "site",
    summary = "Templates",
    responses((status = 200, description = "A page of templates", body = Any)))]
    fn workflow_list() {}

    #[utoipa::path(get, path = "/v1/workflow/ct/list", tag = "site",
    summary = "Template tabs",
    responses((status = 200, description = "The tabs", body = Any)))]
    fn workflow_ct_list() {}

    #[utoipa::path(get, path = "/v1/workflow/info", tag = "site",
    summary = "A template",
    responses((status = 200, description = "The template", body = Any)))]
    fn workflow_info() {}

    #[utoipa::path(post, path = "/v1/workflow/category/list", tag = "site",
    summary = "Template categories",
    request_body = Value,
    responses((status = 200, description = "The categories", body = Any)))]
    fn workflow_category_list() {}

    #[utoipa::path(get, path = "/v1/recommend/tpl", tag = "site",
    summary = "Recommended templates",
    responses((status = 200, description = "The templates", body = Any)))]
    fn recommend_tpl() {}

    #[utoipa::path(post, path = "/v1/workflow/direct", tag = "site",
    summary = "Where a template leads",
    request_body = Value,
    responses((status = 200, description = "The direction", body = Any)),
    security(("bearer" = [])))]
    fn workflow_direct() {}

    #[utoipa::path(post, path = "/v1/workflow/resource/list", tag = "site",
    summary = "The user's library",
    request_body = Value,
    responses((status = 200, description = "A page of the library", body = Any)),
    security(("bearer" = [])))]
    fn resource_list() {}

    #[utoipa::path(get, path = "/v1/workflow/resource/info", tag = "site",
    summary = "A library item",
    responses((status = 200, description = "The item", body = Any)),
    security(("bearer" = [])))]
    fn resource_info() {}

    #[utoipa::path(post, path = "/v1/workflow/resource/export", tag = "site",
    summary = "Export library items",
    request_body = Value,
    responses((status = 200, description = "The export", body = Any)),
    security(("bearer" = [])))]
    fn resource_export() {}

    #[utoipa::path(get, path = "/v1/workflow/explore/list", tag = "site",
    summary = "The explore gallery",
    responses((status = 200, description = "A page of the gallery", body = Any)))]
    fn explore_list() {}

    #[utoipa::path(get, path = "/v1/workflow/explore/info", tag = "site",
    summary = "A gallery item",
    responses((status = 200, description = "The item", body = Any)))]
    fn explore_info() {}

    #[utoipa::path(get, path = "/v1/workflow/zone/list", tag = "site",
    summary = "Gallery zones",
    responses((status = 200, description = "The zones", body = Any)))]
    fn zone_list() {}

    #[utoipa::path(get, path = "/v1/workflow/zone/info", tag = "site",
    summary = "A gallery zone",
    responses((status = 200, description = "The zone", body = Any)))]
    fn zone_info() {}

    #[utoipa::path(post, path = "/v1/explore/report", tag = "site",
    summary = "Report a gallery item",
    request_body = Value,
    responses((status = 200, description = "The report", body = Any)),
    security(("bearer" = [])))]
    fn explore_report() {}

    #[utoipa::path(get, path = "/static/seed/{file}", tag = "pages",
    summary = "A seed media file",
    params(("file" = String, Path, description = "The file name")),
    responses((status = 200, description = "The file", content_type = "application/octet-stream", body = Vec<u8>)))]
    fn seed_file() {}

    #[utoipa::path(get, path = "/static/content/{file}", tag = "pages",
    summary = "A media file an operator uploaded (a template's picture, video or audio)",
    params(("file" = String, Path, description = "The file name")),
    responses((status = 200, description = "The file", content_type = "application/octet-stream", body = Vec<u8>)))]
    fn content_file() {}

    #[utoipa::path(get, path = "/builds/latest.json", tag = "pages",
    summary = "The latest desktop build",
    responses((status = 200, description = "The build's facts", content_type = "application/json", body = Value)))]
    fn builds_latest() {}

    #[utoipa::path(get, path = "/builds/meta/{file}", tag = "pages",
    summary = "A desktop build's metadata file",
    params(("file" = String, Path, description = "The file name")),
    responses((status = 200, description = "The file", content_type = "application/octet-stream", body = Vec<u8>)))]
    fn builds_meta() {}

    #[utoipa::path(get, path = "/app_static/icons/{file}", tag = "pages",
    summary = "An icon",
    params(("file" = String, Path, description = "The file name")),
    responses((status = 200, description = "The icon", content_type = "image/png", body = Vec<u8>)))]
    fn app_icon() {}

    // ---- analytics ----

    #[utoipa::path(post, path = "/v1/analytics/events", tag = "analytics",
    summary = "Record page events",
    request_body = Value,
    responses((status = 200, description = "Stored", body = Any)))]
    fn analytics_events() {}

    #[utoipa::path(get, path = "/v1/analytics/stats", tag = "analytics",
    summary = "Page statistics",
    responses((status = 200, description = "The report", body = Any)),
    security(("bearer" = [])))]
    fn analytics_stats() {}

    // ---- this document ----

    #[utoipa::path(get, path = "/v1/openapi.json", tag = "meta",
    summary = "This OpenAPI document",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json", body = Value)))]
    fn openapi_document() {}
}
