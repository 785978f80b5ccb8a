//! The console's Engines page API (docs/operations.md#the-operator-console) against two fake
//! ComfyUI servers: each server's state, queue and what it can run; a server taken out of
//! rotation gets no new prompt (the other takes them all) until it is put back; the state is
//! audited and kept across a restart; a task records where it ran.

use crate::common;
use crate::engine_support;
use crate::media_support;

use common::TestServer;
use engine_support::{fake, server};
use media_support::{create_ok, grant, pool, wait_done};
use serde_json::{Value, json};

async fn make_admin(s: &TestServer, email: &str) {
    sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1")
        .bind(email)
        .execute(&pool(s))
        .await
        .unwrap();
}

async fn engines(s: &TestServer, admin: &str) -> Value {
    let (status, body) = s.get("/v1/admin/engines", Some(admin)).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Runs `n` text-to-image tasks to their end; answers their ids.
async fn run_tasks(s: &TestServer, token: &str, n: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for i in 0..n {
        ids.push(
            create_ok(
                s,
                token,
                "text2image",
                json!({"prompt": format!("fox {i}")}),
            )
            .await,
        );
    }
    for id in &ids {
        let t = wait_done(s, token, "text2image", id).await;
        assert_eq!(t["status"], "succeeded", "{t}");
    }
    ids
}

fn prompts_of(comfy: &fake_comfyui::FakeComfy, ids: &[String]) -> usize {
    comfy
        .seen()
        .prompts
        .iter()
        .filter(|p| ids.iter().any(|id| p.prompt_id.contains(id.as_str())))
        .count()
}

#[tokio::test]
async fn a_server_out_of_rotation_gets_no_new_prompt_until_put_back() {
    let first = fake().await;
    let second = fake().await;
    let s = server(&[&first.url, &second.url]).await;
    let admin = s.register("ops@example.com").await;
    make_admin(&s, "ops@example.com").await;
    let user = s.register("eve@example.com").await;
    grant(&s, "eve@example.com", 100).await;

    let report = engines(&s, &admin).await;
    let servers = report["comfyui"].as_array().unwrap();
    assert_eq!(servers.len(), 2, "{report}");
    for (n, (srv, url)) in servers.iter().zip([&first.url, &second.url]).enumerate() {
        assert_eq!(srv["id"], format!("comfyui-{}", n + 1));
        assert_eq!(srv["url"], url.trim_end_matches('/'), "{srv}");
        assert_eq!(srv["up"], true, "{srv}");
        assert_eq!(srv["in_rotation"], true);
        assert!(srv["node_types"].as_u64().unwrap() > 10);
        let can: Vec<&str> = srv["can_run"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert!(can.contains(&"text2image"), "{srv}");
    }
    let route = report["routes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["module"] == "text2image")
        .unwrap();
    assert_eq!(route["runs_on"], "comfyui", "{route}");
    assert_eq!(report["fal"], Value::Null);

    let (status, out) = s
        .post(
            "/v1/admin/engines/comfyui-1/rotation",
            Some(&admin),
            json!({"in": false}),
        )
        .await;
    assert_eq!(status, 200, "{out}");
    assert_eq!(out["data"]["in_rotation"], false);
    let report = engines(&s, &admin).await;
    assert_eq!(report["comfyui"][0]["in_rotation"], false, "{report}");
    assert_eq!(report["comfyui"][1]["in_rotation"], true);

    let ids = run_tasks(&s, &user, 4).await;
    assert_eq!(
        prompts_of(&first, &ids),
        0,
        "out of rotation: no new prompt"
    );
    assert_eq!(prompts_of(&second, &ids), 4);
    let (_, detail) = s
        .get(&format!("/v1/admin/tasks/{}", ids[0]), Some(&admin))
        .await;
    assert_eq!(detail["data"]["engine"], "comfyui", "{detail}");
    assert_eq!(detail["data"]["backend"], second.url.trim_end_matches('/'));
    assert_eq!(
        detail["data"]["prompt_id"],
        format!("aivg-{}-0", ids[0]).as_str()
    );
    let (_, on_second) = s
        .get(
            &format!(
                "/v1/admin/tasks?engine={}",
                second.url.trim_end_matches('/')
            ),
            Some(&admin),
        )
        .await;
    assert_eq!(on_second["data"]["total"], 4, "{on_second}");

    // Kept in the database: a restarted server still leaves it out.
    let s = s.restart().await;
    let report = engines(&s, &admin).await;
    assert_eq!(report["comfyui"][0]["in_rotation"], false, "{report}");
    let ids = run_tasks(&s, &user, 2).await;
    assert_eq!(prompts_of(&first, &ids), 0);

    let (status, back) = s
        .post(
            "/v1/admin/engines/comfyui-1/rotation",
            Some(&admin),
            json!({"in": true}),
        )
        .await;
    assert_eq!(status, 200, "{back}");
    // Both servers take prompts again: with the second one busy, the first gets some.
    second.behave(|b| b.step_ms = 200);
    let mut ids = Vec::new();
    for i in 0..4 {
        ids.push(
            create_ok(
                &s,
                &user,
                "text2image",
                json!({"prompt": format!("owl {i}")}),
            )
            .await,
        );
    }
    for id in &ids {
        wait_done(&s, &user, "text2image", id).await;
    }
    assert!(prompts_of(&first, &ids) > 0, "back in rotation");

    let (_, trail) = s.get("/v1/admin/audit", Some(&admin)).await;
    let rotations: Vec<&Value> = trail["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "engine_rotation")
        .collect();
    assert_eq!(rotations.len(), 2, "{trail}");
    assert_eq!(rotations[0]["before"], "out of rotation");
    assert_eq!(rotations[0]["after"], "in rotation");
    assert_eq!(
        rotations[1]["target"],
        format!("engine:{}", first.url.trim_end_matches('/'))
    );

    for (path, body, want) in [
        (
            "/v1/admin/engines/comfyui-3/rotation",
            json!({"in": false}),
            404,
        ),
        ("/v1/admin/engines/fal/rotation", json!({"in": false}), 404),
        (
            "/v1/admin/engines/comfyui-1/rotation",
            json!({"in": "no"}),
            422,
        ),
    ] {
        let (status, answer) = s.post(path, Some(&admin), body).await;
        assert_eq!(status, want, "{path}: {answer}");
    }
}

#[tokio::test]
async fn fal_out_of_rotation_takes_no_task_until_put_back() {
    let fal = crate::fal_support::fake().await;
    let s = crate::fal_support::server(&fal).await;
    let admin = s.register("ops@example.com").await;
    make_admin(&s, "ops@example.com").await;
    let user = s.register("fay@example.com").await;
    grant(&s, "fay@example.com", 100).await;
    let report = engines(&s, &admin).await;
    assert_eq!(report["fal"]["in_rotation"], true, "{report}");
    assert!(
        report["fal"]["can_run"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "text2image"),
        "{report}"
    );
    assert_eq!(report["comfyui"].as_array().unwrap().len(), 0);

    let (status, out) = s
        .post(
            "/v1/admin/engines/fal/rotation",
            Some(&admin),
            json!({"in": false}),
        )
        .await;
    assert_eq!(status, 200, "{out}");
    let id = create_ok(&s, &user, "text2image", json!({"prompt": "a heron"})).await;
    let t = wait_done(&s, &user, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    assert!(
        t["error"].as_str().unwrap().contains("out of rotation"),
        "{t}"
    );
    assert!(fal.seen().submits.is_empty(), "nothing was sent to fal");
    let report = engines(&s, &admin).await;
    assert_eq!(report["fal"]["in_rotation"], false);
    let route = report["routes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["module"] == "text2image")
        .unwrap()
        .clone();
    assert_eq!(route["runs_on"], Value::Null, "{route}");

    let (status, _) = s
        .post(
            "/v1/admin/engines/fal/rotation",
            Some(&admin),
            json!({"in": true}),
        )
        .await;
    assert_eq!(status, 200);
    let id = create_ok(&s, &user, "text2image", json!({"prompt": "a heron again"})).await;
    let t = wait_done(&s, &user, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(fal.seen().submits.len(), 1);
}
