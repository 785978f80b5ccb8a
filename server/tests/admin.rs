//! The operator console's API (docs/operations.md#the-operator-console): every route refuses
//! anonymous callers (401) and signed-in non-admins (403); `aivg-server admin grant` makes an
//! admin; credits granted or taken go through the ledger with their reason, which the user's
//! credit history shows; every change is in the audit trail.

use crate::common;

use aivg_server::admin::route_list;
use axum::http::Method;
use common::TestServer;
use serde_json::{Value, json};

async fn call(s: &TestServer, method: &Method, path: &str, token: Option<&str>) -> (u16, Value) {
    let path = path.replace("{id}", "1").replace("{backend}", "comfyui-1");
    if method == Method::GET {
        s.get(&path, token).await
    } else {
        s.post(&path, token, json!({})).await
    }
}

/// Runs `aivg-server admin ARGS` on the test server's database.
fn admin_command(s: &TestServer, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_aivg-server"))
        .arg("admin")
        .args(args)
        .env("AIVG_DATA_DIR", s.dir.path())
        .env("DATABASE_URL", &s.cfg.database_url)
        .output()
        .unwrap()
}

#[tokio::test]
async fn every_admin_route_refuses_guests_and_users() {
    let s = TestServer::start().await;
    let user = s.register("plain@example.com").await;
    let routes = route_list();
    assert!(routes.len() >= 7, "{routes:?}");
    for (method, path) in &routes {
        let (status, body) = call(&s, method, path, None).await;
        assert_eq!(status, 401, "{method} {path} anonymous: {body}");
        let (status, body) = call(&s, method, path, Some(&user)).await;
        assert_eq!(status, 403, "{method} {path} as a user: {body}");
        assert_eq!(body["kind"], "admin_only", "{body}");
    }
}

#[tokio::test]
async fn an_admin_grants_credits_the_user_sees_with_the_reason() {
    let s = TestServer::start().await;
    let admin = s.register("boss@example.com").await;
    let user = s.register("cust@example.com").await;
    let out = admin_command(&s, &["grant", "Boss@Example.com"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("user → admin"));
    let out = admin_command(&s, &["grant", "nobody@example.com"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("nobody@example.com"));

    let (status, me) = s.get("/v1/admin/me", Some(&admin)).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["data"]["email"], "boss@example.com");

    let (status, found) = s.get("/v1/admin/users?q=cust", Some(&admin)).await;
    assert_eq!(status, 200, "{found}");
    let list = found["data"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{found}");
    let id = list[0]["id"].as_i64().unwrap();
    let (_, wild) = s.get("/v1/admin/users?q=%25", Some(&admin)).await;
    assert_eq!(
        wild["data"].as_array().unwrap().len(),
        0,
        "% is a character: {wild}"
    );

    // Bad inputs are refused, naming the field; nothing moves.
    for (body, field) in [
        (json!({"delta": 10, "reason": "  "}), "reason"),
        (json!({"delta": 0, "reason": "goodwill"}), "delta"),
        (json!({"delta": 10_000_000, "reason": "typo"}), "delta"),
        (json!({"delta": 5, "reason": "x\u{202e}y"}), "reason"),
    ] {
        let (status, answer) = s
            .post(&format!("/v1/admin/users/{id}/credits"), Some(&admin), body)
            .await;
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer["msg"].as_str().unwrap().starts_with(field),
            "{answer}"
        );
    }
    assert_eq!(s.balance(&user).await, 5);

    let (status, moved) = s
        .post(
            &format!("/v1/admin/users/{id}/credits"),
            Some(&admin),
            json!({"delta": 25, "reason": "Sorry for the failed video"}),
        )
        .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["data"]["balance"], 30);
    assert_eq!(s.balance(&user).await, 30);
    let (_, history) = s.get("/v1/credit/history", Some(&user)).await;
    let first = &history["data"]["list"][0];
    assert_eq!(first["details"], "Sorry for the failed video", "{history}");
    assert_eq!(first["credits"], 25);

    // A take never goes below zero.
    let (status, taken) = s
        .post(
            &format!("/v1/admin/users/{id}/credits"),
            Some(&admin),
            json!({"delta": -100, "reason": "Chargeback"}),
        )
        .await;
    assert_eq!(status, 200, "{taken}");
    assert_eq!(taken["data"]["moved"], -30);
    assert_eq!(s.balance(&user).await, 0);

    let (_, detail) = s.get(&format!("/v1/admin/users/{id}"), Some(&admin)).await;
    assert_eq!(detail["data"]["balance"], 0, "{detail}");
    assert_eq!(detail["data"]["ledger"][0]["details"], "Chargeback");
    assert_eq!(detail["data"]["sessions"], 1);

    // The console makes another admin; nobody takes their own role.
    let (status, body) = s
        .post(
            &format!("/v1/admin/users/{id}/role"),
            Some(&admin),
            json!({"role": "owner"}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = s
        .post(
            &format!("/v1/admin/users/{id}/role"),
            Some(&admin),
            json!({"role": "admin"}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = s.get("/v1/admin/overview", Some(&user)).await;
    assert_eq!(status, 200, "the new admin opens the console");
    let boss_id = me["data"]["id"].as_i64().unwrap();
    let (status, body) = s
        .post(
            &format!("/v1/admin/users/{boss_id}/role"),
            Some(&admin),
            json!({"role": "user"}),
        )
        .await;
    assert_eq!(status, 409, "{body}");

    let (_, overview) = s.get("/v1/admin/overview", Some(&admin)).await;
    assert_eq!(overview["data"]["users"], 2, "{overview}");
    assert_eq!(overview["data"]["credits_granted"], 35, "{overview}");

    // The trail: newest first, the command line's grant last.
    let (_, audit) = s.get("/v1/admin/audit", Some(&admin)).await;
    let entries = audit["data"]["list"].as_array().unwrap();
    let actions: Vec<&str> = entries
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["set_role", "credits", "credits", "set_role"],
        "{audit}"
    );
    assert_eq!(entries[1]["before"], "30");
    assert_eq!(entries[1]["admin_email"], "boss@example.com");
    assert_eq!(entries[3]["admin_id"], 0, "the command line");
    assert_eq!(audit["data"]["total"], 4);
}

#[tokio::test]
async fn an_admin_signs_a_user_out_and_disables_the_account() {
    let s = TestServer::start().await;
    let admin = s.register("root@example.com").await;
    let user = s.register("gone@example.com").await;
    assert!(
        admin_command(&s, &["grant", "root@example.com"])
            .status
            .success()
    );
    let (_, found) = s.get("/v1/admin/users?q=gone", Some(&admin)).await;
    let id = found["data"][0]["id"].as_i64().unwrap();
    assert_eq!(found["data"][0]["disabled"], 0);

    let (status, out) = s
        .post(
            &format!("/v1/admin/users/{id}/sign-out"),
            Some(&admin),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{out}");
    assert_eq!(out["data"]["sessions_ended"], 1);
    let (status, _) = s.post("/v1/user", Some(&user), json!({})).await;
    assert_eq!(status, 401, "signed out everywhere");

    let login = json!({"email": "gone@example.com", "password": "secret123"});
    let (status, _) = s.post("/account/login", None, login.clone()).await;
    assert_eq!(status, 200, "signing in again works");
    let (status, out) = s
        .post(
            &format!("/v1/admin/users/{id}/disabled"),
            Some(&admin),
            json!({"disabled": true}),
        )
        .await;
    assert_eq!(status, 200, "{out}");
    assert_eq!(out["data"]["disabled"], true);
    let (status, refused) = s.post("/account/login", None, login.clone()).await;
    assert_eq!(status, 403, "{refused}");
    assert_eq!(refused["kind"], "account_disabled");
    let wrong = json!({"email": "gone@example.com", "password": "wrong1234"});
    let (status, answer) = s.post("/account/login", None, wrong).await;
    assert_eq!(
        status, 400,
        "a wrong password does not learn the state: {answer}"
    );

    let (status, _) = s
        .post(
            &format!("/v1/admin/users/{id}/disabled"),
            Some(&admin),
            json!({"disabled": false}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = s.post("/account/login", None, login).await;
    assert_eq!(status, 200, "enabled again");

    let me: i64 = sqlx::query_scalar("SELECT id FROM users WHERE email = 'root@example.com'")
        .fetch_one(&s.running.as_ref().unwrap().state.db.pool)
        .await
        .unwrap();
    let (status, _) = s
        .post(
            &format!("/v1/admin/users/{me}/disabled"),
            Some(&admin),
            json!({"disabled": true}),
        )
        .await;
    assert_eq!(status, 409, "not one's own account");
    let (_, audit) = s.get("/v1/admin/audit", Some(&admin)).await;
    let actions: Vec<&str> = audit["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["set_disabled", "set_disabled", "sign_out", "set_role"]
    );
}
