//! The account provider's pages, shown in the login dialog's iframe (about 400×604) or in the
//! 500×650 popup fallback (spec 02 §2, §4): `GET /account/login` and `GET /account/register`.
//! They post the frame messages of spec 02 §4 (`pageview`, `login`/`signup` mode switches,
//! `registerSuccess`, `auth-code` with the one-time code) to the opener or parent, on this
//! server's origin only. Decision: the pages are in English; the app around them is translated.

use axum::response::Html;

const TEMPLATE: &str = include_str!("../pages/account.html");

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
