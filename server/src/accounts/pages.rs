//! The account provider's pages, shown in the login dialog's iframe (about 400×604) or in the
//! 500×650 popup fallback (docs/behaviour/pricing-and-purchase.md#purchase-popup): `GET
//! /account/login` and `GET /account/register`. They post the frame messages of
//! docs/behaviour/accounts-and-sessions.md#log-in (`pageview`, `login`/`signup` mode switches,
//! `registerSuccess`, `auth-code` with the one-time code) to the opener or parent, on this server's
//! origin only. They speak the visitor's language and wear the app's theme: the app passes
//! `?lang=<code>&theme=<light|dark>` (docs/behaviour/accounts-and-sessions.md#account-pages;
//! [`super::page_texts`]).

use super::page_texts::{PAGE_KINDS, error_texts, page_language, page_theme, text};
use crate::html::html_escape;
use aivg_core::Coded;
use aivg_core::session::credentials::{ACCOUNT_ERRORS, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS};
use axum::extract::Query;
use axum::http::{HeaderMap, header};
use axum::response::Html;
use serde::Deserialize;

const TEMPLATE: &str = include_str!("../../pages/account.html");

/// The query of the pages: the app's language code and theme (anything else is ignored).
#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    pub lang: Option<String>,
    pub theme: Option<String>,
}

/// Which page: its mode and the other page's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Login,
    Register,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Self::Login => "login",
            Self::Register => "register",
        }
    }
}

/// A JSON text safe inside `<script>`: no `<` at all, so no `</script>` nor `<!--`.
fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

fn page(mode: Mode, query: &PageQuery, headers: &HeaderMap) -> Html<String> {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    let lang = page_language(query.lang.as_deref(), accept);
    let theme = page_theme(query.theme.as_deref());
    let t = |key: &str| html_escape(&text(lang, key, &[]));
    let limits = [
        ("min", PASSWORD_MIN_CHARS.to_string()),
        ("max", PASSWORD_MAX_CHARS.to_string()),
    ];
    let (title, submit, autocomplete, other, switch_text, switch_link) = match mode {
        Mode::Login => (
            "loginTitle",
            "loginSubmit",
            "current-password",
            Mode::Register,
            "toRegister",
            "toRegisterLink",
        ),
        Mode::Register => (
            "registerTitle",
            "registerSubmit",
            "new-password",
            Mode::Login,
            "toLogin",
            "toLoginLink",
        ),
    };
    // The other page keeps the language and the theme.
    let mut switch_href = format!("/account/{}?lang={}", other.name(), lang.code());
    if let Some(theme) = theme {
        switch_href.push_str("&theme=");
        switch_href.push_str(theme);
    }
    let (hint, hint_attr) = if mode == Mode::Register {
        (
            format!(
                r#"<p class="hint" id="password-hint">{}</p>"#,
                html_escape(&text(lang, "passwordRule", &limits))
            ),
            r#" aria-describedby="password-hint""#,
        )
    } else {
        (String::new(), "")
    };
    let mut kinds: Vec<&str> = ACCOUNT_ERRORS.iter().map(Coded::code).collect();
    kinds.push(crate::api::KIND_SERVER_BUSY);
    kinds.extend(PAGE_KINDS);
    let texts = serde_json::json!({
        "mode": mode.name(),
        "loggedIn": text(lang, "loggedIn", &[]),
        "errors": error_texts(lang, &kinds, &limits),
    });
    Html(
        TEMPLATE
            .replace("{{LANG_TAG}}", lang.tag())
            .replace(
                "{{THEME_ATTR}}",
                &theme.map_or(String::new(), |t| format!(r#" data-theme="{t}""#)),
            )
            .replace("{{TITLE}}", &t(title))
            .replace("{{EMAIL_LABEL}}", &t("email"))
            .replace("{{PASSWORD_LABEL}}", &t("password"))
            .replace("{{PASSWORD_MIN}}", &PASSWORD_MIN_CHARS.to_string())
            .replace("{{PASSWORD_HINT_ATTR}}", hint_attr)
            .replace("{{PASSWORD_HINT}}", &hint)
            .replace("{{SUBMIT}}", &t(submit))
            .replace("{{AUTOCOMPLETE}}", autocomplete)
            .replace("{{SWITCH_TEXT}}", &t(switch_text))
            .replace("{{SWITCH_HREF}}", &html_escape(&switch_href))
            .replace("{{SWITCH_LINK}}", &t(switch_link))
            .replace("{{TEXTS_JSON}}", &script_json(&texts)),
    )
}

/// `GET /account/login`.
pub async fn login_page(Query(query): Query<PageQuery>, headers: HeaderMap) -> Html<String> {
    page(Mode::Login, &query, &headers)
}

/// `GET /account/register`.
pub async fn register_page(Query(query): Query<PageQuery>, headers: HeaderMap) -> Html<String> {
    page(Mode::Register, &query, &headers)
}

/// The hidden-iframe check of third-party cookies (docs/behaviour/accounts-and-sessions.md#log-in):
/// the login dialog's app loads this page in a hidden iframe and keeps the answer 2 days. It tries
/// to set and read back a cookie from inside the frame (`SameSite=None; Secure` where the page is
/// on https, else a plain one, which a cross-site frame can neither keep nor read) and posts
/// `{action: "cookie-check", data: {supported}}` to the parent. The target origin is `*`: the
/// answer is one boolean about the browser, nothing secret, and the app checks the sender's origin.
const COOKIE_CHECK: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cookie check</title></head><body><script>
(function () {
  var name = "aivg_cookie_check";
  var supported = false;
  try {
    var attrs = location.protocol === "https:" ? "; SameSite=None; Secure" : "";
    document.cookie = name + "=1; Max-Age=60; Path=/" + attrs;
    supported = document.cookie.split("; ").indexOf(name + "=1") !== -1;
    document.cookie = name + "=; Max-Age=0; Path=/" + attrs;
  } catch (e) {
    supported = false;
  }
  if (window.parent && window.parent !== window) {
    window.parent.postMessage({ action: "cookie-check", data: { supported: supported } }, "*");
  }
})();
</script></body></html>
"#;

/// `GET /account/cookie-check`.
pub async fn cookie_check_page() -> Html<&'static str> {
    Html(COOKIE_CHECK)
}
