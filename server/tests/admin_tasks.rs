//! The console's Tasks page API (docs/operations.md#the-operator-console): every user's tasks,
//! filtered; one task with its inputs, engine, timings and error; an admin's cancel, retry and
//! refund through the task lifecycle, each in the audit trail; a refund happens once even when
//! two admins click at once.

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{create_ok, grant, pool, result, user_id, wait_done, wait_for};
use serde_json::{Value, json};

/// Makes `email` an admin (what `aivg-server admin grant` does; `admin.rs` tests that command).
async fn make_admin(s: &TestServer, email: &str) {
    sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1")
        .bind(email)
        .execute(&pool(s))
        .await
        .unwrap();
}

async fn audit_of(s: &TestServer, admin: &str, action: &str) -> Vec<Value> {
    let (status, trail) = s.get("/v1/admin/audit", Some(admin)).await;
    assert_eq!(status, 200, "{trail}");
    trail["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == action)
        .cloned()
        .collect()
}

#[tokio::test]
async fn an_admin_finds_tasks_by_user_module_status_engine_and_time() {
    let s = TestServer::start().await;
    let admin = s.register("ops@example.com").await;
    make_admin(&s, "ops@example.com").await;
    let user = s.register("ann@example.com").await;
    let other = s.register("bob@example.com").await;
    grant(&s, "ann@example.com", 20).await;
    let failed = create_ok(&s, &user, "text2image", json!({"prompt": "a fox [fail]"})).await;
    let good = create_ok(&s, &user, "text2image", json!({"prompt": "a calm lake"})).await;
    let theirs = create_ok(&s, &other, "text2image", json!({"prompt": "a bird"})).await;
    for (token, id) in [(&user, &failed), (&user, &good), (&other, &theirs)] {
        wait_done(&s, token, "text2image", id).await;
    }
    let ann = user_id(&s, "ann@example.com").await;

    let ids = |v: &Value| -> Vec<String> {
        v["data"]["list"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["task_id"].as_str().unwrap().to_owned())
            .collect()
    };
    let (status, all) = s.get("/v1/admin/tasks", Some(&admin)).await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(all["data"]["total"], 3);
    assert_eq!(ids(&all), [theirs.clone(), good.clone(), failed.clone()]);
    for q in ["ann@example.com", "ANN@example.com", &ann.to_string()] {
        let (_, mine) = s
            .get(&format!("/v1/admin/tasks?user={q}"), Some(&admin))
            .await;
        assert_eq!(ids(&mine), [good.clone(), failed.clone()], "user={q}");
    }
    let (_, none) = s
        .get("/v1/admin/tasks?user=nobody@example.com", Some(&admin))
        .await;
    assert_eq!(none["data"]["total"], 0);
    let (_, by_status) = s
        .get(
            "/v1/admin/tasks?status=failed&module=text2image",
            Some(&admin),
        )
        .await;
    assert_eq!(ids(&by_status), [failed.as_str()]);
    // The failed one ended (by the test hook) before any engine took it.
    let (_, by_engine) = s.get("/v1/admin/tasks?engine=local", Some(&admin)).await;
    assert_eq!(
        ids(&by_engine),
        [theirs.clone(), good.clone()],
        "{by_engine}"
    );
    let (_, no_engine) = s.get("/v1/admin/tasks?engine=fal", Some(&admin)).await;
    assert_eq!(no_engine["data"]["total"], 0);
    let later = aivg_server::clock::now_ms() + 60_000;
    let (_, in_future) = s
        .get(&format!("/v1/admin/tasks?from={later}"), Some(&admin))
        .await;
    assert_eq!(in_future["data"]["total"], 0);
    let (_, in_range) = s
        .get(&format!("/v1/admin/tasks?from=0&to={later}"), Some(&admin))
        .await;
    assert_eq!(in_range["data"]["total"], 3);
    for bad in ["status=lost", "page=0", "from=10&to=5"] {
        let (status, body) = s.get(&format!("/v1/admin/tasks?{bad}"), Some(&admin)).await;
        assert_eq!(status, 400, "{bad}: {body}");
    }

    let (status, detail) = s
        .get(&format!("/v1/admin/tasks/{failed}"), Some(&admin))
        .await;
    assert_eq!(status, 200, "{detail}");
    let d = &detail["data"];
    assert_eq!(d["email"], "ann@example.com");
    assert_eq!(d["task"]["data"]["prompt"], "a fox [fail]");
    assert_eq!(d["task"]["status"], "failed");
    assert!(d["task"]["error"].as_str().unwrap().contains("on purpose"));
    assert_eq!(d["engine"], "", "the test hook fails it before any engine");
    assert!(d["created_ms"].as_i64().unwrap() > 0);
    assert!(d["finished_ms"].as_i64().unwrap() >= d["created_ms"].as_i64().unwrap());
    assert_eq!(d["can_refund"], false, "a failure is refunded by itself");
    let (_, ok_detail) = s
        .get(&format!("/v1/admin/tasks/{good}"), Some(&admin))
        .await;
    assert_eq!(ok_detail["data"]["engine"], "local", "{ok_detail}");
    assert!(ok_detail["data"]["started_ms"].as_i64().unwrap() > 0);
    let (status, _) = s.get("/v1/admin/tasks/nothere", Some(&admin)).await;
    assert_eq!(status, 404);
}

/// A failed task whose credits did not come back: the lifecycle refunds every failure itself,
/// so the test makes one by marking a charged, finished task failed.
async fn failed_unrefunded(s: &TestServer, token: &str) -> String {
    let id = create_ok(s, token, "text2image", json!({"prompt": "a harbour"})).await;
    wait_done(s, token, "text2image", &id).await;
    sqlx::query(
        "UPDATE tasks SET status = 'failed', error = 'the engine lost it' WHERE task_id = $1",
    )
    .bind(&id)
    .execute(&pool(s))
    .await
    .unwrap();
    id
}

#[tokio::test]
async fn a_refund_happens_once_even_when_two_admins_click_at_once() {
    let s = TestServer::start().await;
    let first = s.register("ops1@example.com").await;
    let second = s.register("ops2@example.com").await;
    make_admin(&s, "ops1@example.com").await;
    make_admin(&s, "ops2@example.com").await;
    let user = s.register("cy@example.com").await;
    grant(&s, "cy@example.com", 50).await;
    for round in 0..3 {
        let id = failed_unrefunded(&s, &user).await;
        let credits = result(&s, &user, "text2image", &id).await["credits"]
            .as_i64()
            .unwrap();
        assert!(credits > 0);
        let before = s.balance(&user).await;
        let (_, detail) = s.get(&format!("/v1/admin/tasks/{id}"), Some(&first)).await;
        assert_eq!(detail["data"]["can_refund"], true, "{detail}");
        let path = format!("/v1/admin/tasks/{id}/refund");
        let (a, b) = tokio::join!(
            s.post(&path, Some(&first), json!({})),
            s.post(&path, Some(&second), json!({}))
        );
        let mut statuses = [a.0, b.0];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "round {round}: {a:?} {b:?}");
        let won = if a.0 == 200 { &a.1 } else { &b.1 };
        assert_eq!(won["data"]["task"]["refunded"], true, "{won}");
        assert_eq!(won["data"]["can_refund"], false);
        assert_eq!(s.balance(&user).await, before + credits, "round {round}");
        let refunds: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM credit_entries WHERE reason = 'refund' AND ref = $1",
        )
        .bind(&id)
        .fetch_one(&pool(&s))
        .await
        .unwrap();
        assert_eq!(refunds, 1, "round {round}");
        let (status, again) = s.post(&path, Some(&first), json!({})).await;
        assert_eq!(status, 409, "{again}");
    }
    let audited = audit_of(&s, &first, "task_refund").await;
    assert_eq!(audited.len(), 3, "{audited:?}");
    assert!(audited[0]["before"].as_str().unwrap().starts_with("failed"));
    assert!(
        audited[0]["after"]
            .as_str()
            .unwrap()
            .starts_with("refunded")
    );
    let (_, history) = s.get("/v1/credit/history", Some(&user)).await;
    assert_eq!(history["data"]["list"][0]["details"], "Refund: task failed");

    // A task that succeeded, or was refunded by itself, is not refunded again.
    let done = create_ok(&s, &user, "text2image", json!({"prompt": "a meadow"})).await;
    wait_done(&s, &user, "text2image", &done).await;
    let (status, body) = s
        .post(
            &format!("/v1/admin/tasks/{done}/refund"),
            Some(&first),
            json!({}),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    let failed = create_ok(&s, &user, "text2image", json!({"prompt": "x [fail]"})).await;
    wait_done(&s, &user, "text2image", &failed).await;
    let (status, body) = s
        .post(
            &format!("/v1/admin/tasks/{failed}/refund"),
            Some(&first),
            json!({}),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(body["msg"].as_str().unwrap().contains("already refunded"));
}

#[tokio::test]
async fn an_admin_cancels_and_retries_a_users_task_audited() {
    let s = TestServer::start().await;
    let admin = s.register("ops@example.com").await;
    make_admin(&s, "ops@example.com").await;
    let user = s.register("di@example.com").await;
    grant(&s, "di@example.com", 50).await;
    let slow = create_ok(
        &s,
        &user,
        "text2image",
        json!({"prompt": "a slow one [slow]"}),
    )
    .await;
    wait_for(&s, &user, "text2image", &slow, &["running"]).await;
    let (status, cancelled) = s
        .post(
            &format!("/v1/admin/tasks/{slow}/cancel"),
            Some(&admin),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["data"]["task"]["status"], "cancelled");
    let (status, _) = s
        .post(
            &format!("/v1/admin/tasks/{slow}/cancel"),
            Some(&admin),
            json!({}),
        )
        .await;
    assert_eq!(status, 409);
    let cancels = audit_of(&s, &admin, "task_cancel").await;
    assert_eq!(cancels.len(), 1);
    assert_eq!(cancels[0]["target"], format!("task:{slow}"));
    assert!(
        cancels[0]["after"]
            .as_str()
            .unwrap()
            .starts_with("Cancelled")
    );

    let before = s.balance(&user).await;
    let (status, retried) = s
        .post(
            &format!("/v1/admin/tasks/{slow}/retry"),
            Some(&admin),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{retried}");
    let new_id = retried["data"]["task_id"].as_str().unwrap().to_owned();
    assert_eq!(retried["data"]["retry_of"], slow.as_str());
    let credits = retried["data"]["credits"].as_i64().unwrap();
    assert_eq!(
        s.balance(&user).await,
        before - credits,
        "charged like the user's retry"
    );
    let t = result(&s, &user, "text2image", &new_id).await;
    assert_eq!(t["retry_of"], slow.as_str(), "the user sees it: {t}");
    // A second retry answers the first, charging and auditing nothing.
    let (status, again) = s
        .post(
            &format!("/v1/admin/tasks/{slow}/retry"),
            Some(&admin),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["data"]["task_id"], new_id.as_str());
    let retries = audit_of(&s, &admin, "task_retry").await;
    assert_eq!(retries.len(), 1, "{retries:?}");
    assert_eq!(retries[0]["after"], new_id.as_str());
}
