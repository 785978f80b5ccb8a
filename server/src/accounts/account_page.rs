//! `GET /account`: the signed-in user's account page, where the account menu's "Account center"
//! leads (unless the operator names another with `AIVG_ACCOUNT_CENTER_URL`). The app keeps the
//! access token in the `aivg_token` cookie (core's `TOKEN_COOKIE_NAME`), which a new tab sends
//! here; the page shows who is signed in, the plan and the credit balance. Without a valid token
//! it sends the visitor to the home page (the app's account menu opens the log-in dialog instead of
//! coming here when nobody is signed in). Decision: in English for now (the log-in and sign-up
//! pages follow the visitor's language: `pages.rs`).

use super::auth::AuthUser;
use crate::html::html_escape;
use crate::state::AppState;
use aivg_core::session::TOKEN_COOKIE_NAME;
use axum::extract::{FromRequestParts, State};
use axum::http::{HeaderMap, HeaderValue, Request, header};
use axum::response::{Html, IntoResponse, Redirect, Response};

/// Where a visitor without a session goes.
pub const SIGNED_OUT_PAGE: &str = "/home";

/// The token of the `aivg_token` cookie.
fn cookie_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == TOKEN_COOKIE_NAME)
        .map(|(_, value)| value.trim().to_owned())
        .filter(|t| !t.is_empty())
}

/// The user of the cookie's token, checked as every signed-in call checks its Bearer token.
async fn signed_in(state: &AppState, headers: &HeaderMap) -> Option<AuthUser> {
    let token = cookie_token(headers)?;
    let (mut parts, ()) = Request::builder()
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .body(())
        .ok()?
        .into_parts();
    AuthUser::from_request_parts(&mut parts, state).await.ok()
}

/// `GET /account`.
pub async fn account_page(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(user) = signed_in(&state, &headers).await else {
        return Redirect::to(SIGNED_OUT_PAGE).into_response();
    };
    let info = match super::users::info(&state.db.pool, user.id).await {
        Ok(info) => info,
        Err(e) => return e.into_response(),
    };
    let name = [info.firstname.trim(), info.lastname.trim()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let name = if name.is_empty() {
        info.nickname.clone()
    } else {
        name
    };
    let plan = if info.verify.level.is_empty() {
        "free".to_owned()
    } else {
        info.verify.level.clone()
    };
    let rows = [
        ("Name", name),
        ("E-mail", info.email.clone()),
        ("User id", info.uid.clone()),
        ("Plan", plan),
        ("Credits", info.integral.integral.to_string()),
    ]
    .iter()
    .map(|(k, v)| {
        format!(
            "<tr><th scope=\"row\">{k}</th><td data-field=\"{}\">{}</td></tr>",
            k.to_ascii_lowercase().replace(' ', "-"),
            html_escape(v)
        )
    })
    .collect::<String>();
    let mut res = Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><title>Your account</title><style>body{{font:16px/1.6 \
         system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem}}th{{text-align:left;\
         padding-right:1.5rem}}</style></head><body><h1>Your account</h1><table>{rows}</table>\
         <p><a href=\"/\">Back to the site</a></p></body></html>"
    ))
    .into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_cookie_is_found_among_others() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; aivg_token=abc.def ; b=2"),
        );
        assert_eq!(cookie_token(&h).as_deref(), Some("abc.def"));
        h.insert(header::COOKIE, HeaderValue::from_static("aivg_token="));
        assert_eq!(cookie_token(&h), None);
    }
}
