//! Bounded memory and work per request: `user_data` is capped in create as in data_save, list
//! filters are bounded, image decodes are bounded in pixels and in number at once, and task
//! events carry the task's state, not the request.

use crate::common;
use crate::media_support;

use aivg_server::limits::Work;
use common::TestServer;
use media_support::{png, read_events, upload};
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn user_data_is_capped_in_create_and_list_filters_are_bounded() {
    let s = TestServer::start().await;
    let token = s.register("cap@example.com").await;
    let big = "x".repeat(aivg_server::tasks::calls::MAX_USER_DATA + 1);
    let (status, body) = s
        .post(
            "/v1/ai/create/text2image",
            Some(&token),
            json!({"data": {"prompt": "a lake"}, "user_data": {"name": big}}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["msg"].as_str().unwrap().starts_with("user_data"),
        "{body}"
    );
    assert_eq!(s.balance(&token).await, 5, "nothing charged");

    let many: Vec<String> = (0..=aivg_server::tasks::list::MAX_FILTER_VALUES)
        .map(|n| format!("s{n}"))
        .collect();
    let (status, body) = s
        .post("/v1/ai/task", Some(&token), json!({"status": many}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["msg"].as_str().unwrap().starts_with("status"),
        "{body}"
    );
    let (status, body) = s
        .post(
            "/v1/ai/task",
            Some(&token),
            json!({"module": "m".repeat(65)}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = s
        .post(
            "/v1/ai/task",
            Some(&token),
            json!({"status": ["queued", "running"]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

/// One task row holds a bounded `data`: a queued module's unknown field or an instant call's
/// text cannot carry a megabyte into the database (docs/behaviour/tasks-and-queue.md#task-inputs).
#[tokio::test]
async fn task_data_is_bounded_in_queued_and_instant_calls() {
    let s = TestServer::start().await;
    let token = s.register("junk@example.com").await;
    let junk = "x".repeat(aivg_core::tasks::MAX_TASK_DATA_BYTES);
    let (status, body) = s
        .post(
            "/v1/ai/create/text2image",
            Some(&token),
            json!({"data": {"prompt": "a lake", "junk": junk}}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["msg"].as_str().unwrap().starts_with("data"), "{body}");
    assert_eq!(s.balance(&token).await, 5, "nothing charged");
    let (status, body) = s
        .post(
            "/v1/ai/create/t_sensitive_detect",
            Some(&token),
            json!({"data": {"prompt": junk}}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    let long = "a ".repeat(aivg_core::tasks::MAX_TASK_TEXT_CHARS as usize);
    let (status, body) = s
        .post(
            "/v1/ai/create/t_sensitive_detect",
            Some(&token),
            json!({"data": {"prompt": long}}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["msg"].as_str().unwrap().starts_with("data.prompt"),
        "{body}"
    );
    // A task stores only what its module reads, each within its limit: the rest is refused by
    // name before anything is charged.
    let (status, body) = s
        .post(
            "/v1/ai/create/text2image",
            Some(&token),
            json!({"data": {"prompt": "a lake", "junk": "x"}}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["msg"].as_str().unwrap().starts_with("data.junk"),
        "{body}"
    );
    let picture = upload(&s, &token, "tool_sf", "png", png(8, 8)).await;
    for (crop, field) in [
        (
            json!({"x": "x".repeat(1000), "y": 0, "w": 4, "h": 4}),
            "data.crop.x",
        ),
        (json!({"x": 0, "y": 0, "w": 20_000, "h": 4}), "data.crop.w"),
    ] {
        let (status, body) = s
            .post(
                "/v1/ai/create/tool_sf",
                Some(&token),
                json!({"data": {"file_path": picture, "crop": crop}}),
            )
            .await;
        assert_eq!(status, 400, "{body}");
        assert!(body["msg"].as_str().unwrap().starts_with(field), "{body}");
    }
    // A picture whose header claims more than the imaging limits is refused at creation.
    let mut gif = b"GIF89a".to_vec();
    gif.extend_from_slice(&65_535u16.to_le_bytes());
    gif.extend_from_slice(&65_535u16.to_le_bytes());
    gif.extend_from_slice(&[0; 32]);
    let mut bmp = b"BM".to_vec();
    bmp.extend_from_slice(&[0; 16]);
    bmp.extend_from_slice(&20_000u32.to_le_bytes());
    bmp.extend_from_slice(&20_000u32.to_le_bytes());
    bmp.extend_from_slice(&[0; 32]);
    for (ext, bytes) in [("gif", gif), ("bmp", bmp)] {
        let huge = upload(&s, &token, "image2image", ext, bytes).await;
        let (status, body) = s
            .post(
                "/v1/ai/create/image2image",
                Some(&token),
                json!({"data": {"file_path": huge, "prompt": "a lake"}}),
            )
            .await;
        assert_eq!(status, 400, "{ext}: {body}");
        let msg = body["msg"].as_str().unwrap();
        assert!(
            msg.starts_with("data.file_path") && msg.contains("too large"),
            "{body}"
        );
    }
    assert_eq!(s.balance(&token).await, 5, "nothing charged");
    let (_, list) = s
        .post("/v1/ai/task", Some(&token), json!({"page_size": 100}))
        .await;
    assert_eq!(list["data"]["total"], 0, "nothing stored: {list}");
    let (status, body) = s
        .post(
            "/v1/ai/create/t_sensitive_detect",
            Some(&token),
            json!({"data": {"prompt": "a short and clean text"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn image_decodes_are_bounded_in_pixels_and_in_number() {
    let s = TestServer::start_configured(|c| {
        c.limits.max_decode_pixels = 30 * 30;
        c.limits.decode_concurrency = 1;
        c.limits.busy_wait = Duration::from_millis(50);
    })
    .await;
    let token = s.register("pix@example.com").await;
    let small = upload(&s, &token, "img2prompt", "png", png(20, 20)).await;
    let large = upload(&s, &token, "img2prompt", "png", png(40, 40)).await;
    let (status, body) = s
        .post(
            "/v1/ai/prompt/img2prompt",
            Some(&token),
            json!({"file_path": small}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = s
        .post(
            "/v1/ai/prompt/img2prompt",
            Some(&token),
            json!({"file_path": large}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["msg"].as_str().unwrap().contains("40x40"), "{body}");
    // The same one limit for every decode: the free picture checks and a task's input.
    for algorithm in ["image_fkp", "i_sensitive_detect"] {
        let path = format!("/v1/ai/create/{algorithm}");
        let (status, body) = s
            .post(&path, Some(&token), json!({"data": {"file_path": large}}))
            .await;
        assert_eq!(status, 400, "{algorithm}: {body}");
        let msg = body["msg"].as_str().unwrap();
        assert!(
            msg.starts_with("data.file_path") && msg.contains("900 pixels"),
            "{body}"
        );
        let (status, body) = s
            .post(&path, Some(&token), json!({"data": {"file_path": small}}))
            .await;
        assert_eq!(status, 200, "{algorithm}: {body}");
    }
    let input = upload(&s, &token, "image2image", "png", png(40, 40)).await;
    let (status, body) = s
        .post(
            "/v1/ai/create/image2image",
            Some(&token),
            json!({"data": {"file_path": input, "prompt": "a lake"}}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["msg"].as_str().unwrap().contains("40x40"), "{body}");
    assert_eq!(s.balance(&token).await, 5, "nothing charged");

    let limits = s.running.as_ref().unwrap().state.limits.clone();
    let held = limits.permit(Work::Decode).await.unwrap();
    let res = s
        .http
        .get(s.url(&format!("/v1/common/oss/mediainfo?oss_path={small}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 429);
    assert_eq!(res.headers()["retry-after"], "1");
    drop(held);
    let (status, body) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={small}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        limits.free_permits(Work::Decode),
        1,
        "every slot given back"
    );
}

#[tokio::test]
async fn task_events_carry_the_state_not_the_request() {
    let s = TestServer::start().await;
    let token = s.register("evt@example.com").await;
    let mut res = s
        .http
        .get(s.url("/v1/ai/events"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    read_events(&mut res, |name, _| name == "updateList").await;
    let (status, body) = s
        .post(
            "/v1/ai/create/text2image",
            Some(&token),
            json!({"data": {"prompt": "a quiet harbour", "negative_prompt": "y".repeat(2000)}, "user_data": {"module": "image", "note": "z".repeat(50_000)}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let events = read_events(&mut res, |name, _| name == "addTask").await;
    let (_, task) = events.last().unwrap();
    assert_eq!(task["prompt"], "a quiet harbour");
    assert_eq!(task["status"], "queued");
    assert!(task.get("data").is_none(), "no request body: {task}");
    assert!(task.get("user_data").is_none(), "no user_data");
    assert!(task.to_string().len() < 4096, "a small event");
    // The calls still answer the whole task.
    let id = body["data"]["task_id"].as_str().unwrap();
    let t = media_support::result(&s, &token, "text2image", id).await;
    assert_eq!(t["user_data"]["module"], "image");
    assert_eq!(t["data"]["prompt"], "a quiet harbour");
}
