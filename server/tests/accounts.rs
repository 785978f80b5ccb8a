//! Accounts over real HTTP: register, login, token exchange, user info, renew, logout, bad input.

use crate::common;
use common::TestServer;
use serde_json::json;

#[tokio::test]
async fn register_login_user_info_logout() {
    let s = TestServer::start().await;
    let token = s.register("Ann@Example.com").await;
    let (status, body) = s.post("/v1/user", Some(&token), json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 0);
    assert_eq!(body["data"]["email"], "ann@example.com");
    assert_eq!(body["data"]["verify"]["level"], "free");
    assert_eq!(
        body["data"]["integral"]["integral"], 5,
        "new users get the free tier's 5 credits"
    );
    assert!(body["trace_id"].is_string());

    // Log in again with the password: a second code, not new.
    let (status, body) = s
        .post(
            "/account/login",
            None,
            json!({"email": "ann@example.com", "password": "secret123"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let code = body["data"]["code"].as_str().unwrap().to_owned();
    let (_, body) = s.post("/v1/oauth/token", None, json!({"code": code})).await;
    assert_eq!(body["data"]["is_new"], 0);
    // A code is good once.
    let (status, body) = s.post("/v1/oauth/token", None, json!({"code": code})).await;
    assert_eq!(status, 401);
    assert_eq!(body["code"], 140013);

    // Renew: a new token; the old one still answers for a short grace (calls already on their
    // way with it), then ends.
    let before = aivg_server::clock::now_ms();
    let (status, body) = s.get("/v1/token/renew", Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    let renewed = body["data"]["access_token"].as_str().unwrap().to_owned();
    assert_ne!(renewed, token);
    assert_eq!(s.balance(&token).await, 5);
    assert_eq!(s.balance(&renewed).await, 5);
    let claims = |t: &str| aivg_core::session::jwt_payload(t).unwrap();
    let old_jti = claims(&token)["jti"].as_str().unwrap().to_owned();
    assert!(claims(&renewed)["exp"].as_i64() >= claims(&token)["exp"].as_i64());
    sqlx::any::install_default_drivers();
    let mut db = <sqlx::AnyConnection as sqlx::Connection>::connect(&s.cfg.database_url)
        .await
        .unwrap();
    let (old_ends,): (i64,) = sqlx::query_as("SELECT expires_ms FROM tokens WHERE jti = $1")
        .bind(&old_jti)
        .fetch_one(&mut db)
        .await
        .unwrap();
    let grace = aivg_core::session::RENEWED_TOKEN_GRACE_MS;
    assert!(old_ends >= before + grace && old_ends <= aivg_server::clock::now_ms() + grace);

    // A token is renewed once: renewing it again in its grace cannot fork the session.
    let (status, body) = s.get("/v1/token/renew", Some(&token)).await;
    assert_eq!(status, 401, "{body}");
    assert!(body["msg"].as_str().unwrap().contains("renewed"), "{body}");

    // Logout revokes at once, the whole family: the replaced token in its grace too.
    let (status, _) = s.post("/v1/logout", Some(&renewed), json!({})).await;
    assert_eq!(status, 200);
    let (status, body) = s.post("/v1/user", Some(&renewed), json!({})).await;
    assert_eq!((status, body["code"].as_i64()), (401, Some(140013)));
    let (status, _) = s.post("/v1/user", Some(&token), json!({})).await;
    assert_eq!(status, 401, "the replaced token ends with its family");
}

/// Renewals sent at once with one token make one new token; logging out with the first token
/// ends its renewal too.
#[tokio::test]
async fn concurrent_renewals_make_one_token_and_logout_ends_the_family() {
    let s = TestServer::start().await;
    let token = s.register("family@example.com").await;
    let calls = (0..6).map(|_| s.get("/v1/token/renew", Some(&token)));
    let answers = futures_util::future::join_all(calls).await;
    let renewed: Vec<String> = answers
        .iter()
        .filter(|(status, _)| *status == 200)
        .map(|(_, b)| b["data"]["access_token"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(renewed.len(), 1, "{answers:?}");
    let (status, _) = s.post("/v1/user", Some(&renewed[0]), json!({})).await;
    assert_eq!(status, 200);
    let (status, _) = s.post("/v1/logout", Some(&token), json!({})).await;
    assert_eq!(status, 200);
    let (status, _) = s.post("/v1/user", Some(&renewed[0]), json!({})).await;
    assert_eq!(status, 401, "the renewal ends with the token it came from");
}

#[tokio::test]
async fn clear_errors_for_bad_accounts() {
    let s = TestServer::start().await;
    s.register("bob@example.com").await;
    // Each refusal: a sentence for people in `msg` and its stable `kind`, which the account
    // pages translate (docs/behaviour/accounts-and-sessions.md#account-pages).
    let cases = [
        (
            json!({"email": "bob@example.com", "password": "another123"}),
            409,
            "email_taken",
            "This e-mail address already has an account. Log in instead.",
        ),
        (
            json!({"email": "not-an-email", "password": "secret123"}),
            400,
            "email_malformed",
            "Enter an e-mail address like name@example.com.",
        ),
        (
            json!({"email": "a@b..com", "password": "secret123"}),
            400,
            "email_malformed",
            "Enter an e-mail address like name@example.com.",
        ),
        (
            json!({"email": "\u{202e}moc.elgoog@example.com", "password": "secret123"}),
            400,
            "email_malformed",
            "Enter an e-mail address like name@example.com.",
        ),
        (
            json!({"email": "c@example.com", "password": "short1"}),
            400,
            "password_too_short",
            "Choose a longer password: at least 8 characters.",
        ),
        (
            json!({"email": "c@example.com", "password": "lettersonly"}),
            400,
            "password_needs_letter_and_digit",
            "Choose a password with at least one letter and one digit.",
        ),
    ];
    for (body, status, kind, text) in cases {
        let (got, answer) = s.post("/account/register", None, body.clone()).await;
        assert_eq!(got, status, "{body} -> {answer}");
        assert_ne!(answer["code"], 0);
        assert_eq!(answer["kind"], kind, "{body} -> {answer}");
        assert_eq!(answer["msg"], text, "{body} -> {answer}");
    }
    // A body without a field is the API's mistake, named for its developer; no kind.
    let (got, answer) = s
        .post("/account/register", None, json!({"email": "c@example.com"}))
        .await;
    assert_eq!(got, 422, "{answer}");
    assert!(answer["msg"].as_str().unwrap().contains("password"));
    assert!(answer.get("kind").is_none(), "{answer}");
    let (got, answer) = s
        .post(
            "/account/login",
            None,
            json!({"email": "bob@example.com", "password": ""}),
        )
        .await;
    assert_eq!((got, &answer["kind"]), (400, &json!("password_missing")));
    // A wrong password and an unknown e-mail answer alike (log-in does not tell who has an
    // account; the timing is alike too, see passwords.rs).
    let wrong = s
        .post(
            "/account/login",
            None,
            json!({"email": "bob@example.com", "password": "wrong1234"}),
        )
        .await;
    let unknown = s
        .post(
            "/account/login",
            None,
            json!({"email": "nobody@example.com", "password": "wrong1234"}),
        )
        .await;
    for (status, answer) in [&wrong, &unknown] {
        assert_eq!(*status, 400, "{answer}");
        assert_eq!(answer["kind"], "wrong_credentials", "{answer}");
        assert_eq!(
            answer["msg"],
            "The e-mail address or the password is not right. Check both, or sign up if you have no account yet.",
        );
    }
    assert_eq!(wrong.1["code"], unknown.1["code"]);
    assert_eq!(wrong.1["msg"], unknown.1["msg"]);
}

#[tokio::test]
async fn login_attempts_are_rate_limited() {
    // The production limits (tests run without them unless they ask).
    let s = TestServer::start_configured(|c| {
        c.limits = aivg_server::limits::LimitSettings::defaults();
    })
    .await;
    s.register("eve@example.com").await;
    let mut limited = false;
    for _ in 0..15 {
        let (status, body) = s
            .post(
                "/account/login",
                None,
                json!({"email": "eve@example.com", "password": "guess1234"}),
            )
            .await;
        if status == 429 {
            assert_eq!(body["code"], 429);
            assert_eq!(body["kind"], "too_many_attempts", "{body}");
            assert!(
                body["msg"]
                    .as_str()
                    .unwrap()
                    .starts_with("Too many log-in attempts"),
                "{body}"
            );
            limited = true;
            break;
        }
    }
    assert!(limited, "15 wrong guesses in a row must hit the limit");
}

#[tokio::test]
async fn missing_and_malformed_tokens_answer_140013() {
    let s = TestServer::start().await;
    for header in [None, Some("garbage"), Some("eyJhbGciOiJIUzI1NiJ9.e30.x")] {
        let (status, body) = s.post("/v1/user", header, json!({})).await;
        assert_eq!(status, 401, "{header:?}");
        assert_eq!(body["code"], 140013);
        assert!(body["msg"].as_str().unwrap().contains("log in"));
    }
    // Every bad token gets one plain message, never the token library's own words.
    let real = s.register("plain-401@example.com").await;
    let (head, rest) = real.split_once('.').unwrap();
    let (claims, sig) = rest.split_once('.').unwrap();
    let flipped = if sig.starts_with('A') { "B" } else { "A" };
    let none_head = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0"; // {"alg":"none","typ":"JWT"}
    for bad in [
        format!("{head}.{claims}.{flipped}{}", &sig[1..]),
        format!("{none_head}.{claims}."),
        format!("{head}.{claims}"),
        "garbage".to_owned(),
    ] {
        let (status, body) = s.post("/v1/user", Some(&bad), json!({})).await;
        assert_eq!(status, 401, "{bad}");
        assert_eq!(
            body["msg"], "please log in again: the access token is not valid",
            "{bad}"
        );
    }
}

#[tokio::test]
async fn malformed_bodies_get_envelopes_not_500() {
    let s = TestServer::start().await;
    let res = s
        .http
        .post(s.url("/account/register"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_ne!(body["code"], 0);
    let res = s
        .http
        .post(s.url("/account/register"))
        .header("content-type", "application/json")
        .body(vec![b' '; 2 * 1024 * 1024])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 413);
    let (status, body) = s.get("/v1/no-such-call", None).await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], 404);
}

#[tokio::test]
async fn account_pages_post_frame_messages() {
    let s = TestServer::start().await;
    for (path, mode) in [
        ("/account/login", "login"),
        ("/account/register", "register"),
    ] {
        let res = s.http.get(s.url(path)).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 200);
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        let html = res.text().await.unwrap();
        assert!(html.contains(&format!(r#""mode":"{mode}""#)), "{path}");
        for message in ["pageview", "auth-code", "registerSuccess"] {
            assert!(html.contains(message), "{path} posts {message}");
        }
        assert!(
            html.contains("postMessage({ action, data }, location.origin)"),
            "only to our own origin"
        );
    }
}

/// The pages speak the language and wear the theme the app passes, fall back on the browser's
/// language, and keep both on the link to the other page
/// (docs/behaviour/accounts-and-sessions.md#account-pages).
#[tokio::test]
async fn account_pages_follow_the_visitor_s_language_and_theme() {
    let s = TestServer::start().await;
    let page = |path: &str, accept: &str| {
        let req = s.http.get(s.url(path)).header("accept-language", accept);
        async move { req.send().await.unwrap().text().await.unwrap() }
    };
    let jp = page("/account/login?lang=jp&theme=dark", "en-US").await;
    assert!(
        jp.contains(r#"<html lang="ja-JP" data-theme="dark">"#),
        "{jp}"
    );
    assert!(jp.contains("<h1>ログイン</h1>"));
    assert!(jp.contains("メールアドレスまたはパスワードが正しくありません"));
    assert!(jp.contains(r#"href="/account/register?lang=jp&amp;theme=dark""#));
    let de = page("/account/register?lang=de&theme=light", "en-US").await;
    assert!(de.contains(r#"<html lang="de-DE" data-theme="light">"#));
    assert!(de.contains("<h1>Konto erstellen</h1>"));
    assert!(de.contains("Mindestens 8 Zeichen, mit einem Buchstaben und einer Ziffer."));
    assert!(de.contains("Wähle ein längeres Passwort: mindestens 8 Zeichen."));
    // No usable `lang`: the browser's language, else English; no theme: the browser's scheme.
    let browser = page("/account/login?lang=zz&theme=<b>", "fr-FR,fr;q=0.9").await;
    assert!(browser.contains(r#"<html lang="fr-FR">"#), "{browser}");
    assert!(browser.contains("<h1>Se connecter</h1>"));
    let english = page("/account/login", "xx").await;
    assert!(english.contains(r#"<html lang="en-US">"#));
    assert!(english.contains("<h1>Log in</h1>"));
    assert!(!english.contains("{{"), "every placeholder is filled");
}

#[tokio::test]
async fn cookie_check_page_answers_the_parent() {
    let s = TestServer::start().await;
    let res = s
        .http
        .get(s.url("/account/cookie-check"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let html = res.text().await.unwrap();
    assert!(html.contains(r#"action: "cookie-check""#), "{html}");
    assert!(html.contains("document.cookie"));
}

#[tokio::test]
async fn a_backup_holds_the_accounts_and_opens_as_a_database() {
    let s = TestServer::start().await;
    let token = s.register("bak@example.com").await;
    let balance = s.balance(&token).await;
    let db = &s.running.as_ref().unwrap().state.db;
    let out = s.dir.path().join("copy.db");
    match aivg_server::backup::backup(db, &out).await {
        Err(aivg_server::backup::BackupError::Postgres) => {
            assert!(db.pg_url().is_some());
            return;
        }
        r => r.unwrap(),
    }
    assert!(matches!(
        aivg_server::backup::backup(db, &out).await,
        Err(aivg_server::backup::BackupError::Exists(_))
    ));
    // The copy is a database holding the account.
    let copy = aivg_server::db::Db::connect(&format!("sqlite://{}", out.display()))
        .await
        .unwrap();
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE email = $1")
        .bind("bak@example.com")
        .fetch_one(&copy.pool)
        .await
        .unwrap();
    assert_eq!(n, 1);
    assert!(balance > 0);
}
