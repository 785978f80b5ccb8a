//! The account menu's links, set by the operator (docs/configuration.md "Site links"):
//!
//! - `GET /v1/common/links` → `{terms, privacy, discord, account_center}`: where the account
//!   menu's entries go. Terms and privacy default to this server's own pages, the account center
//!   to the signed-in user's account page (`/account`), and Discord is `null` (the menu then shows
//!   no Discord entry) unless the operator names an invite;
//! - `GET /legal/terms`, `GET /legal/privacy`: plain terms of use and privacy notice naming the
//!   operator (`AIVG_OPERATOR_NAME`, else the site's host) and the site. Decision: in English, as
//!   the account provider's pages are; an operator with its own texts sets the URLs instead.

use crate::api::{ApiResult, ok};
use crate::html::html_escape;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};
use serde::Serialize;

pub use crate::config::links::LinkSettings;

/// This server's terms page.
pub const TERMS_PAGE: &str = "/legal/terms";
/// This server's privacy page.
pub const PRIVACY_PAGE: &str = "/legal/privacy";
/// The signed-in user's account page (`accounts/account_page.rs`).
pub const ACCOUNT_PAGE: &str = "/account";

/// The answer of `GET /v1/common/links`.
#[derive(Debug, Serialize)]
pub struct Links {
    pub terms: String,
    pub privacy: String,
    pub discord: Option<String>,
    pub account_center: String,
}

/// `GET /v1/common/links`.
pub async fn links(State(state): State<AppState>) -> ApiResult<Links> {
    let l = &state.cfg.links;
    let or = |set: &Option<String>, own: &str| set.clone().unwrap_or_else(|| own.to_owned());
    ok(Links {
        terms: or(&l.terms, TERMS_PAGE),
        privacy: or(&l.privacy, PRIVACY_PAGE),
        discord: l.discord.clone(),
        account_center: or(&l.account_center, ACCOUNT_PAGE),
    })
}

/// The site's origin and the operator's name (the site's host when unset).
fn operator_and_site(state: &AppState) -> (String, String) {
    let site = state
        .cfg
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{}", state.cfg.addr));
    let host = site
        .split_once("://")
        .map_or(site.as_str(), |(_, rest)| rest)
        .to_owned();
    let operator = state.cfg.links.operator.clone().unwrap_or(host);
    (operator, site)
}

fn legal_page(title: &str, paragraphs: &[String]) -> Response {
    let body: String = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", html_escape(p)))
        .collect();
    let title = html_escape(title);
    let mut res = Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><title>{title}</title><style>body{{font:16px/1.6 \
         system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem}}</style></head><body>\
         <h1>{title}</h1>{body}<p><a href=\"/\">Back to the site</a></p></body></html>"
    ))
    .into_response();
    res.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    res
}

/// `GET /legal/terms`.
pub async fn terms_page(State(state): State<AppState>) -> Response {
    let (operator, site) = operator_and_site(&state);
    legal_page(
        "Terms of use",
        &[
            format!("{site} is run by {operator}. By using it you agree to these terms."),
            "You may create images, videos and audio with the site's tools. You are responsible \
             for what you upload and for what you make: do not upload content you have no right \
             to use, and do not make content that is unlawful or harms others."
                .to_owned(),
            "Credits and plans bought on the site are used as the site's price list describes. \
             The site is offered as it is, without warranty; the operator may change or end it."
                .to_owned(),
            format!("Questions about these terms go to {operator}."),
        ],
    )
}

/// `GET /legal/privacy`.
pub async fn privacy_page(State(state): State<AppState>) -> Response {
    let (operator, site) = operator_and_site(&state);
    legal_page(
        "Privacy notice",
        &[
            format!("{operator} runs {site} and is responsible for the data it keeps."),
            "The site keeps your account (e-mail address, name and a hash of your password), \
             your credits, plans and purchases, the files you upload and the media you make, so \
             that it can provide its service. It keeps anonymous usage statistics to improve it."
                .to_owned(),
            "Your data is not sold. Generation tasks may be run by the AI services the operator \
             uses, which receive only what a task needs."
                .to_owned(),
            format!("To see or delete your data, contact {operator}."),
        ],
    )
}
