//! Generation tasks over real HTTP: charging and refunds, the worker pool, results and their
//! signed URLs, the list, events, restarts, and both providers (local and a fake ComfyUI).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;
mod media_support;

use common::TestServer;
use media_support::{
    create, create_ok, dims, fetch, grant, png, read_events, result, set_plan, upload, wait_done,
    wait_for,
};
use serde_json::{Value, json};
use std::time::Duration;

/// Downloads the first output of a finished task.
async fn first_output(s: &TestServer, task: &Value) -> Vec<u8> {
    let url = task["result"]["outputs"][0]["url"]
        .as_str()
        .unwrap_or_else(|| panic!("no output: {task}"));
    let (status, _, bytes) = fetch(s, url).await;
    assert_eq!(status, 200);
    bytes
}

/// Refund entries of the user's credit history.
async fn refunds(s: &TestServer, token: &str) -> usize {
    let (_, body) = s
        .get(
            "/v1/credit/history?type=Acquisition&page_size=100",
            Some(token),
        )
        .await;
    body["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["details"].as_str().unwrap().starts_with("Refund"))
        .count()
}

#[tokio::test]
async fn text2image_succeeds_with_a_downloadable_image() {
    let s = TestServer::start().await;
    let token = s.register("tia@example.com").await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "a lighthouse at dusk", "aspect_ratio": "16:9"}),
    )
    .await;
    assert_eq!(s.balance(&token).await, 3, "5 sign-up credits - 2");
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["progress"], 100);
    assert_eq!(t["taskId"], id.as_str());
    assert_eq!(t["error"], Value::Null);
    assert_eq!(t["result"]["preview"], true);
    let out = &t["result"]["outputs"][0];
    assert_eq!(
        (out["width"].as_u64(), out["height"].as_u64()),
        (Some(1024), Some(576))
    );
    assert_eq!(out["media_type"], "image");
    assert_eq!(out["ext"], "png");
    let bytes = first_output(&s, &t).await;
    assert_eq!(bytes.len() as u64, out["size"].as_u64().unwrap());
    assert_eq!(dims(&bytes), (1024, 576));
    // Same prompt, same preview.
    let again = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "a lighthouse at dusk", "aspect_ratio": "16:9"}),
    )
    .await;
    let t2 = wait_done(&s, &token, "text2image", &again).await;
    assert_eq!(first_output(&s, &t2).await, bytes);
    // The history says what was bought.
    let (_, h) = s
        .get("/v1/credit/history?type=Consumption", Some(&token))
        .await;
    assert_eq!(h["data"]["list"][0]["details"], "Text to image");
    assert_eq!(h["data"]["list"][0]["credits"], 2);
}

#[tokio::test]
async fn image_enhancer_doubles_an_uploaded_png() {
    let s = TestServer::start().await;
    let token = s.register("ian@example.com").await;
    let path = upload(&s, &token, "mai_imagesharpen", "png", png(10, 6)).await;
    let id = create_ok(&s, &token, "mai_imagesharpen", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "mai_imagesharpen", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["result"]["preview"], false);
    assert_eq!(t["result"]["outputs"][0]["width"], 20);
    assert_eq!(dims(&first_output(&s, &t).await), (20, 12));
    assert_eq!(s.balance(&token).await, 4);
    // The output's media info, through the oss call.
    let out_path = t["result"]["outputs"][0]["oss_path"].as_str().unwrap();
    let (status, info) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={out_path}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(
        (
            info["data"]["width"].as_u64(),
            info["data"]["height"].as_u64()
        ),
        (Some(20), Some(12))
    );
}

#[tokio::test]
async fn insufficient_credits_answer_402_and_charge_nothing() {
    let s = TestServer::start().await;
    let token = s.register("ivy@example.com").await;
    let (status, body) = create(
        &s,
        &token,
        "text2video",
        json!({"prompt": "a dragon over mountains"}),
    )
    .await;
    assert_eq!(status, 402, "{body}");
    assert_eq!(body["code"], aivg_server::tasks::CODE_INSUFFICIENT_CREDITS);
    assert!(body["msg"].as_str().unwrap().contains("10"), "{body}");
    assert_eq!(s.balance(&token).await, 5);
    let (_, list) = s.post("/v1/ai/task", Some(&token), json!({})).await;
    assert_eq!(list["data"]["total"], 0, "no task was recorded");
    let (_, h) = s
        .get("/v1/credit/history?type=Consumption", Some(&token))
        .await;
    assert_eq!(h["data"]["total"], 0);
}

#[tokio::test]
async fn cancel_refunds_once() {
    let s = TestServer::start().await;
    let token = s.register("cal@example.com").await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "[slow] a quiet lake"}),
    )
    .await;
    wait_for(&s, &token, "text2image", &id, &["running"]).await;
    assert_eq!(s.balance(&token).await, 3);
    let (status, body) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "cancelled");
    assert_eq!(body["data"]["refunded"], true);
    assert_eq!(s.balance(&token).await, 5);
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 409, "nothing left to cancel");
    // The job stopped: it stays cancelled.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        result(&s, &token, "text2image", &id).await["status"],
        "cancelled"
    );
    assert_eq!(s.balance(&token).await, 5);
    assert_eq!(refunds(&s, &token).await, 1);
    // A queued task can be cancelled too; another user's cannot be touched.
    let other = s.register("cat@example.com").await;
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&other), json!({}))
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn failure_refunds_exactly_once() {
    let s = TestServer::start().await;
    let token = s.register("fay@example.com").await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "[fail] a broken mirror"}),
    )
    .await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    assert!(t["error"].as_str().unwrap().contains("[fail]"));
    assert_eq!(t["refunded"], true);
    assert_eq!(t["result"], Value::Null);
    assert_eq!(s.balance(&token).await, 5);
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 409);
    let (status, _) = s
        .post(&format!("/v1/ai/del/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(s.balance(&token).await, 5);
    assert_eq!(refunds(&s, &token).await, 1);
}

#[tokio::test]
async fn retry_runs_again_and_charges_again() {
    let s = TestServer::start().await;
    let token = s.register("rex@example.com").await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a red kite"})).await;
    wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(s.balance(&token).await, 3);
    let (status, body) = s
        .post("/v1/ai/retry", Some(&token), json!({"task_id": id}))
        .await;
    assert_eq!(status, 200, "{body}");
    let new_id = body["data"]["task_id"].as_str().unwrap().to_owned();
    assert_ne!(new_id, id);
    assert_eq!(body["data"]["retry_of"], id.as_str());
    let t = wait_done(&s, &token, "text2image", &new_id).await;
    assert_eq!(t["status"], "succeeded");
    assert_eq!(t["retry_of"], id.as_str());
    assert_eq!(s.balance(&token).await, 1);
    // Retrying a running task is refused; with no credits left, 402.
    let slow = {
        grant(&s, "rex@example.com", 2).await;
        create_ok(&s, &token, "text2image", json!({"prompt": "[slow] a kite"})).await
    };
    let (status, _) = s
        .post("/v1/ai/retry", Some(&token), json!({"task_id": slow}))
        .await;
    assert_eq!(status, 409);
    let (status, body) = s
        .post("/v1/ai/retry", Some(&token), json!({"task_id": id}))
        .await;
    assert_eq!(status, 402, "{body}");
    let (status, body) = s.post("/v1/ai/retry", Some(&token), json!({})).await;
    assert_eq!(status, 400);
    assert!(body["msg"].as_str().unwrap().starts_with("task_id"));
}

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
async fn events_stream_task_updates() {
    let s = TestServer::start().await;
    let token = s.register("eve@example.com").await;
    let other = s.register("oz@example.com").await;
    let (status, _) = s.get("/v1/ai/events", None).await;
    assert_eq!(status, 401);
    let (status, body) = s
        .post("/v1/ai/events/ticket", Some(&token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    let ticket = body["data"]["ticket"].as_str().unwrap();
    let mut res = s
        .http
        .get(s.url(&format!("/v1/ai/events?ticket={ticket}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let first = read_events(&mut res, |_, _| true).await;
    assert_eq!(first[0].0, "updateList");
    // Another user's task is not pushed to this stream.
    create_ok(&s, &other, "text2image", json!({"prompt": "not for eve"})).await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "a parade of lanterns"}),
    )
    .await;
    let seen = read_events(&mut res, |name, d| {
        name == "updateTask" && d["status"] == "succeeded"
    })
    .await;
    assert!(
        seen.iter().all(|(_, d)| d["task_id"] == id.as_str()),
        "{seen:?}"
    );
    assert!(seen.iter().any(|(n, _)| n == "addTask"), "{seen:?}");
    assert!(
        seen.iter()
            .any(|(n, d)| n == "updateTask" && d["status"] == "running")
    );
    let done = &seen.last().unwrap().1;
    assert!(
        done["result"]["outputs"][0]["url"]
            .as_str()
            .unwrap()
            .contains("/oss/file/")
    );
    // Deletion is pushed too; the Bearer header works as well.
    let mut res2 = s
        .http
        .get(s.url("/v1/ai/events"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    read_events(&mut res2, |_, _| true).await;
    s.post(&format!("/v1/ai/del/{id}"), Some(&token), json!({}))
        .await;
    let seen = read_events(&mut res2, |name, _| name == "delTask").await;
    assert_eq!(seen.last().unwrap().1["task_id"], id.as_str());
}

#[tokio::test]
async fn restart_hands_running_tasks_back_and_keeps_queued_ones() {
    let s = TestServer::start().await;
    let token = s.register("ray@example.com").await;
    grant(&s, "ray@example.com", 10).await;
    let a = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] one"})).await;
    let b = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] two"})).await;
    wait_for(&s, &token, "text2image", &a, &["running"]).await;
    wait_for(&s, &token, "text2image", &b, &["running"]).await;
    let c = create_ok(&s, &token, "text2image", json!({"prompt": "three"})).await;
    assert_eq!(
        result(&s, &token, "text2image", &c).await["status"],
        "queued",
        "both workers are busy"
    );
    assert_eq!(s.balance(&token).await, 15 - 6);

    // A graceful stop hands the running tasks back to the queue: the next start runs them
    // again, charged once, instead of failing them.
    let s = s.restart().await;
    for id in [&a, &b] {
        let t = wait_for(&s, &token, "text2image", id, &["running"]).await;
        assert_eq!(t["refunded"], false, "{t}");
        assert_eq!(t["error"], Value::Null, "{t}");
    }
    assert_eq!(s.balance(&token).await, 15 - 6, "nothing charged twice");
    for id in [&a, &b] {
        let (status, _) = s
            .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
            .await;
        assert_eq!(status, 200);
    }
    let t = wait_done(&s, &token, "text2image", &c).await;
    assert_eq!(
        t["status"], "succeeded",
        "the queued task ran after the restart: {t}"
    );
    assert_eq!(s.balance(&token).await, 15 - 2);
    assert_eq!(refunds(&s, &token).await, 2);
    // A second restart changes nothing.
    let s = s.restart().await;
    assert_eq!(s.balance(&token).await, 13);
}

#[tokio::test]
async fn comfyui_unreachable_fails_and_refunds() {
    let s =
        media_support::start_with(|cfg| cfg.tasks.comfyui_url = Some("http://127.0.0.1:9".into()))
            .await;
    let token = s.register("uno@example.com").await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a teapot"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed");
    assert!(t["error"].as_str().unwrap().contains("ComfyUI"), "{t}");
    assert_eq!(s.balance(&token).await, 5);
}

#[tokio::test]
async fn bad_input_names_the_field() {
    let s = TestServer::start().await;
    let token = s.register("bud@example.com").await;
    let video = upload(&s, &token, "video2video", "mp4", b"fake video".to_vec()).await;
    let cases = [
        ("text2image", json!({}), "data.prompt"),
        ("text2image", json!({"prompt": "   "}), "data.prompt"),
        ("text2image", json!({"prompt": 3}), "data.prompt"),
        (
            "text2image",
            json!({"prompt": "x", "aspect_ratio": "5:1"}),
            "data.aspect_ratio",
        ),
        ("txt2Music", json!({"prompt": "short"}), "data.prompt"),
        ("txt2Song", json!({"lyrics": "la la"}), "data.lyrics"),
        (
            "txt2Music",
            json!({"prompt": "calm piano at night", "duration": 999}),
            "data.duration",
        ),
        ("mai_imagesharpen", json!({}), "data.file_path"),
        (
            "mai_imagesharpen",
            json!({"file_path": video}),
            "data.file_path",
        ),
        (
            "mai_imagesharpen",
            json!({"file_path": "../x"}),
            "data.file_path",
        ),
        ("tool_vqe", json!({}), "data.file_path"),
        ("talking_face_tts", json!({}), "data.file_path"),
        ("t_sensitive_detect", json!({}), "data.prompt"),
    ];
    for (algorithm, data, field) in cases {
        let (status, body) = create(&s, &token, algorithm, data.clone()).await;
        assert_eq!(status, 400, "{algorithm} {data}: {body}");
        assert!(
            body["msg"].as_str().unwrap().starts_with(field),
            "{algorithm} {data}: {body}"
        );
    }
    let (status, _) = create(&s, &token, "make_magic", json!({"prompt": "x"})).await;
    assert_eq!(status, 404);
    let (status, body) = s
        .post(
            "/v1/ai/create/text2image",
            Some(&token),
            json!({"data": [1]}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    // Another user's upload is not found.
    let other = s.register("bea@example.com").await;
    let theirs = upload(&s, &other, "mai_imagesharpen", "png", png(4, 4)).await;
    let (status, body) = create(&s, &token, "mai_imagesharpen", json!({"file_path": theirs})).await;
    assert_eq!(status, 404, "{body}");
    let (status, _) = create(&s, &token, "text2image", json!({"prompt": "x"})).await;
    assert_eq!(status, 200);
    assert_eq!(
        s.balance(&token).await,
        3,
        "only the accepted task was charged"
    );
    let (status, _) = s
        .post(
            "/v1/ai/create/text2image",
            None,
            json!({"data": {"prompt": "x"}}),
        )
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn video_modules_without_ffmpeg() {
    let s = media_support::start_with(|cfg| cfg.tasks.ffmpeg = "/nonexistent/ffmpeg".into()).await;
    let token = s.register("vid@example.com").await;
    grant(&s, "vid@example.com", 20).await;
    let video = upload(&s, &token, "tool_vqe", "mp4", b"fake video".to_vec()).await;
    let id = create_ok(&s, &token, "tool_vqe", json!({"file_path": video})).await;
    let t = wait_done(&s, &token, "tool_vqe", &id).await;
    assert_eq!(t["status"], "failed");
    assert!(
        t["error"]
            .as_str()
            .unwrap()
            .contains("ffmpeg is not installed"),
        "{t}"
    );
    assert_eq!(s.balance(&token).await, 25);
    // Generated video falls back to an animated PNG preview.
    let id = create_ok(
        &s,
        &token,
        "text2video",
        json!({"prompt": "waves at night", "aspect_ratio": "9:16"}),
    )
    .await;
    let t = wait_done(&s, &token, "text2video", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert!(
        t["result"]["note"]
            .as_str()
            .unwrap()
            .contains("animated PNG")
    );
    let bytes = first_output(&s, &t).await;
    assert!(bytes.windows(4).any(|w| w == b"acTL"), "an APNG");
    assert_eq!(dims(&bytes), (144, 256));
}

#[tokio::test]
async fn music_is_a_wav() {
    let s = TestServer::start().await;
    let token = s.register("mo@example.com").await;
    grant(&s, "mo@example.com", 10).await;
    let id = create_ok(
        &s,
        &token,
        "txt2Song",
        json!({"lyrics": "la la la under the moon", "prompt": ""}),
    )
    .await;
    let t = wait_done(&s, &token, "txt2Song", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let out = &t["result"]["outputs"][0];
    assert_eq!(out["media_type"], "audio");
    assert_eq!(out["duration"], 3.0);
    let path = out["oss_path"].as_str().unwrap();
    let (_, info) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={path}"),
            Some(&token),
        )
        .await;
    assert_eq!(info["data"]["duration"], 3.0);
    let bytes = first_output(&s, &t).await;
    assert!(bytes.starts_with(b"RIFF"));
}

#[tokio::test]
async fn instant_algorithms() {
    let s = TestServer::start().await;
    let token = s.register("ina@example.com").await;
    let (status, body) = s
        .post(
            "/v1/ai/create/t_sensitive_detect",
            Some(&token),
            json!({"data": {"prompt": "a NUDE statue"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "succeeded");
    let id = body["data"]["task_id"].as_str().unwrap();
    let t = result(&s, &token, "t_sensitive_detect", id).await;
    assert_eq!(t["result"]["pass"], false);
    assert_eq!(t["result"]["words"][0], "nude");
    let id = create_ok(
        &s,
        &token,
        "t_sensitive_detect",
        json!({"prompt": "a calm sea"}),
    )
    .await;
    assert_eq!(
        result(&s, &token, "t_sensitive_detect", &id).await["result"]["pass"],
        true
    );
    let image = upload(&s, &token, "i_sensitive_detect", "png", png(6, 4)).await;
    let id = create_ok(
        &s,
        &token,
        "i_sensitive_detect",
        json!({"file_path": image}),
    )
    .await;
    assert_eq!(
        result(&s, &token, "i_sensitive_detect", &id).await["result"]["pass"],
        true
    );
    let id = create_ok(&s, &token, "image_fkp", json!({"file_path": image})).await;
    let t = result(&s, &token, "image_fkp", &id).await;
    assert_eq!(t["result"]["width"], 6);
    assert_eq!(s.balance(&token).await, 5, "instant algorithms are free");

    // Watermark-free download: paid plans only.
    let made = create_ok(&s, &token, "text2image", json!({"prompt": "a fox"})).await;
    let t = wait_done(&s, &token, "text2image", &made).await;
    let out = t["result"]["outputs"][0]["oss_path"]
        .as_str()
        .unwrap()
        .to_owned();
    let body = json!({"prev_task": made, "data": {"file_path": out}});
    let (status, answer) = s
        .post(
            "/v1/ai/create/watermark_download",
            Some(&token),
            body.clone(),
        )
        .await;
    assert_eq!(status, 403, "{answer}");
    assert_eq!(answer["code"], aivg_server::tasks::CODE_UPGRADE_REQUIRED);
    set_plan(&s, "ina@example.com", "premium").await;
    let (status, answer) = s
        .post("/v1/ai/create/watermark_download", Some(&token), body)
        .await;
    assert_eq!(status, 200, "{answer}");
    let id = answer["data"]["task_id"].as_str().unwrap();
    let t = result(&s, &token, "watermark_download", id).await;
    let dl = t["result"]["outputs"][0]["download_url"].as_str().unwrap();
    let (status, headers, bytes) = fetch(&s, dl).await;
    assert_eq!(status, 200);
    assert!(
        headers["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment")
    );
    assert_eq!(dims(&bytes), (1024, 1024));
    let (status, _) = s
        .post(
            "/v1/ai/create/watermark_download",
            Some(&token),
            json!({"prev_task": made, "data": {"file_path": image}}),
        )
        .await;
    assert_eq!(status, 400, "only the task's own outputs");
}

#[tokio::test]
async fn prompt_helpers() {
    let s = TestServer::start().await;
    let token = s.register("pam@example.com").await;
    let (status, body) = s
        .post(
            "/v1/ai/prompt/polish",
            Some(&token),
            json!({"prompt": "  a cat  surfing ", "algorithm": "text2video"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let polished = body["data"]["prompt"].as_str().unwrap();
    assert!(polished.starts_with("A cat surfing, "), "{polished}");
    let (_, again) = s
        .post(
            "/v1/ai/prompt/polish",
            Some(&token),
            json!({"prompt": "a cat surfing", "algorithm": "text2video"}),
        )
        .await;
    assert_eq!(again["data"]["prompt"], polished);
    let (status, body) = s
        .post("/v1/ai/prompt/polish", Some(&token), json!({}))
        .await;
    assert_eq!(status, 400);
    assert!(body["msg"].as_str().unwrap().starts_with("prompt"));

    let blue: Vec<u8> = (0..16 * 8).flat_map(|_| [30u8, 60, 220, 255]).collect();
    let img =
        aivg_core::imaging::encode_image(&blue, 16, 8, aivg_core::imaging::ImageFormat::Png, 90)
            .unwrap();
    let path = upload(&s, &token, "img2prompt", "png", img).await;
    let (status, body) = s
        .post(
            "/v1/ai/prompt/img2prompt",
            Some(&token),
            json!({"file_path": path}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["orientation"], "landscape");
    assert_eq!(body["data"]["colors"][0], "blue");
    assert!(body["data"]["prompt"].as_str().unwrap().contains("16x8"));
    let (status, _) = s
        .post("/v1/ai/prompt/img2prompt", Some(&token), json!({}))
        .await;
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

/// With ffmpeg (see `media_support::ffmpeg_ready`): a generated clip, then a video tool on it.
#[tokio::test]
async fn video_modules_with_ffmpeg() {
    if !media_support::ffmpeg_ready() {
        return;
    }
    let s = TestServer::start().await;
    let token = s.register("fred@example.com").await;
    grant(&s, "fred@example.com", 20).await;
    let id = create_ok(
        &s,
        &token,
        "text2video",
        json!({"prompt": "a paper boat", "aspect_ratio": "16:9"}),
    )
    .await;
    let t = wait_done(&s, &token, "text2video", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let out = &t["result"]["outputs"][0];
    assert_eq!(out["ext"], "mp4");
    assert_eq!(out["media_type"], "video");
    assert_eq!(
        (out["width"].as_u64(), out["height"].as_u64()),
        (Some(512), Some(288))
    );
    let clip = first_output(&s, &t).await;
    let path = upload(&s, &token, "tool_vqe", "mp4", clip).await;
    let id = create_ok(&s, &token, "tool_vqe", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "tool_vqe", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["result"]["outputs"][0]["media_type"], "video");
}
