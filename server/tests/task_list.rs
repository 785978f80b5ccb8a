//! The user's tasks: the list with its pages and filters, batch results with queue positions,
//! likes, saved form data, and deletion (the output file goes with the task).

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{create_ok, fetch, grant, pool, result, user_id, wait_done, wait_for};
use serde_json::json;

#[tokio::test]
async fn list_pages_and_filters() {
    let s = TestServer::start().await;
    let token = s.register("lin@example.com").await;
    grant(&s, "lin@example.com", 20).await;
    let mut ids = Vec::new();
    for p in ["one", "two", "three"] {
        ids.push(
            create_ok(
                &s,
                &token,
                "text2image",
                json!({"prompt": format!("picture {p}")}),
            )
            .await,
        );
    }
    let song = s
        .post(
            "/v1/ai/create/txt2Music",
            Some(&token),
            json!({"data": {"prompt": "calm piano at night"}, "user_data": {"module": "music"}}),
        )
        .await;
    assert_eq!(song.0, 200, "{}", song.1);
    let (status, body) = s
        .post(
            "/v1/ai/task",
            Some(&token),
            json!({"page": 1, "page_size": 2}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["total"], 4);
    assert_eq!(body["data"]["list"].as_array().unwrap().len(), 2);
    assert_eq!(
        body["data"]["list"][0]["algorithm"], "txt2Music",
        "newest first"
    );
    let (_, body) = s
        .post(
            "/v1/ai/task",
            Some(&token),
            json!({"page": "2", "page_size": "3"}),
        )
        .await;
    assert_eq!(body["data"]["list"].as_array().unwrap().len(), 1);
    assert_eq!(body["data"]["list"][0]["task_id"], ids[0].as_str());
    let (_, body) = s
        .post("/v1/ai/task", Some(&token), json!({"module": "music"}))
        .await;
    assert_eq!(body["data"]["total"], 1);
    let (_, body) = s
        .post(
            "/v1/ai/task",
            Some(&token),
            json!({"algorithm": ["text2image"]}),
        )
        .await;
    assert_eq!(body["data"]["total"], 3);
    // Default page size 20; bad values name the field.
    let (_, body) = s.post("/v1/ai/task", Some(&token), json!({})).await;
    assert_eq!(body["data"]["page_size"], 20);
    for (bad, field) in [
        (json!({"page": 0}), "page"),
        (json!({"page_size": 1000}), "page_size"),
        (json!({"module": 3}), "module"),
    ] {
        let (status, body) = s.post("/v1/ai/task", Some(&token), bad).await;
        assert_eq!(status, 400);
        assert!(body["msg"].as_str().unwrap().starts_with(field), "{body}");
    }
    // Another user sees none of them.
    let other = s.register("lou@example.com").await;
    let (_, body) = s.post("/v1/ai/task", Some(&other), json!({})).await;
    assert_eq!(body["data"]["total"], 0);
}

/// The place in the queue is counted up to core's `QUEUE_POSITION_MAX` (999, shown as "999+"),
/// in the creation's answer and in every view of the task, however long the queue.
#[tokio::test]
async fn queue_positions_stop_at_the_most_shown() {
    // No workers: every task stays queued.
    let s = media_support::start_with(|cfg| cfg.tasks.workers = 0).await;
    let token = s.register("queue@example.com").await;
    grant(&s, "queue@example.com", 20).await;
    let first = create_ok(&s, &token, "text2image", json!({"prompt": "early"})).await;
    // A thousand tasks of another user queue behind it.
    s.register("crowd@example.com").await;
    let crowd = user_id(&s, "crowd@example.com").await;
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
         INSERT INTO tasks (task_id, user_id, algorithm, module, data, status, created_ms)
         SELECT 'crowd-' || CAST(i AS TEXT), $1, 'text2image', 'text2image', '{}', 'queued', 1 FROM n",
    )
    .bind(crowd)
    .execute(&pool(&s))
    .await
    .unwrap();
    let (status, body) = s
        .post(
            "/v1/ai/create/text2image",
            Some(&token),
            json!({"data": {"prompt": "late"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["queue_position"], 999, "1,002nd in the queue");
    let late = body["data"]["task_id"].as_str().unwrap().to_owned();
    let (_, body) = s
        .post(
            "/v1/ai/result/batch",
            Some(&token),
            json!({"task_ids": [first, late]}),
        )
        .await;
    let list = body["data"]["list"].as_array().unwrap();
    assert_eq!(list[0]["queue_position"], 1, "{body}");
    assert_eq!(list[1]["queue_position"], 999, "{body}");
}

#[tokio::test]
async fn batch_results_and_queue_positions() {
    let s = media_support::start_with(|cfg| cfg.tasks.workers = 1).await;
    let token = s.register("bo@example.com").await;
    grant(&s, "bo@example.com", 20).await;
    let slow = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] first"})).await;
    wait_for(&s, &token, "text2image", &slow, &["running"]).await;
    let a = create_ok(&s, &token, "text2image", json!({"prompt": "second"})).await;
    let b = create_ok(&s, &token, "wallpaper", json!({"prompt": "third"})).await;
    let (status, body) = s
        .post(
            "/v1/ai/result/batch",
            Some(&token),
            json!({"task_ids": [b, a, "nope", slow]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let list = body["data"]["list"].as_array().unwrap();
    assert_eq!(list.len(), 3, "unknown ids are left out");
    assert_eq!(list[0]["task_id"], b.as_str());
    assert_eq!(list[0]["queue_position"], 2);
    assert_eq!(list[1]["queue_position"], 1);
    assert_eq!(list[1]["status"], "queued");
    assert_eq!(list[2]["status"], "running");
    assert_eq!(list[2]["queue_position"], 0);
    s.post(&format!("/v1/ai/cancel/{slow}"), Some(&token), json!({}))
        .await;
    wait_done(&s, &token, "wallpaper", &b).await;
    let (_, body) = s
        .post(
            "/v1/ai/result/batch",
            Some(&token),
            json!({"task_ids": [a, b]}),
        )
        .await;
    for t in body["data"]["list"].as_array().unwrap() {
        assert_eq!(t["status"], "succeeded");
    }
    // The result call checks the algorithm.
    let (status, _) = s
        .get(&format!("/v1/ai/result/text2video/{a}"), Some(&token))
        .await;
    assert_eq!(status, 404);
    let (status, _) = s.post("/v1/ai/result/batch", Some(&token), json!({})).await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn delete_like_and_save() {
    let s = TestServer::start().await;
    let token = s.register("del@example.com").await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a bonsai"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    let url = t["result"]["outputs"][0]["url"]
        .as_str()
        .unwrap()
        .to_owned();

    let (status, body) = s
        .post(
            "/v1/ai/task/like",
            Some(&token),
            json!({"task_id": id, "like": 1}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = s
        .post(
            "/v1/ai/task/like",
            Some(&token),
            json!({"task_id": id, "like": 5}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body["msg"].as_str().unwrap().starts_with("like"));
    let saved = json!({"module": "text2image", "name": "Bonsai", "fields": [{"field": "prompt", "val": "a bonsai"}]});
    let (status, body) = s
        .post(
            "/v1/ai/task/data_save",
            Some(&token),
            json!({"taskId": id, "save_type": 1, "user_data": saved}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let t = result(&s, &token, "text2image", &id).await;
    assert_eq!(t["like"], 1);
    assert_eq!(t["user_data"], saved);
    assert_eq!(t["save_type"], "1");

    let (status, _) = s
        .post(&format!("/v1/ai/del/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200);
    let (status, _) = s
        .get(&format!("/v1/ai/result/text2image/{id}"), Some(&token))
        .await;
    assert_eq!(status, 404);
    let (status, _, _) = fetch(&s, &url).await;
    assert_eq!(status, 404, "the output file went with the task");
    let (status, _) = s
        .post(&format!("/v1/ai/del/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 404);
}
