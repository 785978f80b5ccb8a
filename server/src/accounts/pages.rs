//! The account provider's pages, shown in the login dialog's iframe (about 400×604) or in the
//! 500×650 popup fallback (docs/behaviour/pricing-and-purchase.md#purchase-popup): `GET
//! /account/login` and `GET /account/register`. They post the frame messages of
//! docs/behaviour/accounts-and-sessions.md#log-in (`pageview`, `login`/`signup` mode switches,
//! `registerSuccess`, `auth-code` with the one-time code) to the opener or parent, on this server's
//! origin only. Decision: the pages are in English; the app around them is translated.

use axum::response::Html;

const TEMPLATE: &str = include_str!("../../pages/account.html");

fn page(
    mode: &str,
    title: &str,
    submit: &str,
    autocomplete: &str,
    switch: (&str, &str, &str),
) -> Html<String> {
    let (text, href, link) = switch;
    Html(
        TEMPLATE
            .replace("{{MODE}}", mode)
            .replace("{{TITLE}}", title)
            .replace("{{SUBMIT}}", submit)
            .replace("{{AUTOCOMPLETE}}", autocomplete)
            .replace("{{SWITCH_TEXT}}", text)
            .replace("{{SWITCH_HREF}}", href)
            .replace("{{SWITCH_LINK}}", link),
    )
}

/// `GET /account/login`.
pub async fn login_page() -> Html<String> {
    page(
        "login",
        "Log in",
        "Log in",
        "current-password",
        ("No account yet?", "/account/register", "Sign up"),
    )
}

/// `GET /account/register`.
pub async fn register_page() -> Html<String> {
    page(
        "register",
        "Create your account",
        "Sign up",
        "new-password",
        ("Already registered?", "/account/login", "Log in"),
    )
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
