//! Every module on a (fake) ComfyUI through the real server: the engine's own output of the
//! module's media type, progress, readable refusals and errors with refunds, cancel as
//! `/interrupt`, a lost prompt sent again, a backend that goes down.

use crate::common;
use crate::engine_support;
use crate::media_support;

use aivg_core::tasks::TASK_MODULES;
use common::poll_until;
use engine_support::{data_for, fake, server, submitted};
use futures_util::future::join_all;
use media_support::{create_ok, dims, fetch, grant, png, result, upload, wait_done, wait_for};
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn every_module_with_a_workflow_runs_on_comfyui() {
    let comfy = fake().await;
    // Several task workers and every task created before any is awaited: the modules run side
    // by side instead of one after another (this test was the suite's longest).
    let list = comfy.url.clone();
    let s = media_support::start_with(move |cfg| {
        cfg.tasks.comfyui_url = Some(list);
        cfg.tasks.workers = 6;
        // One user creates a task of every module at once: on a loaded machine more than the
        // 20 a user may have waiting were still queued (the limit is tested in task_queue.rs).
        cfg.tasks.max_queued_per_user = 100;
    })
    .await;
    let token = s.register("cleo@example.com").await;
    grant(&s, "cleo@example.com", 1000).await;
    let mut created = Vec::new();
    for m in TASK_MODULES.iter().filter(|m| !m.workflows().is_empty()) {
        let data = data_for(&s, &token, m).await;
        created.push((m, create_ok(&s, &token, m.code, data).await));
    }
    let ended = join_all(
        created
            .iter()
            .map(|(m, id)| wait_done(&s, &token, m.code, id)),
    )
    .await;
    let mut ran = 0;
    for ((m, id), t) in created.iter().zip(ended) {
        let id = id.as_str();
        assert_eq!(t["status"], "succeeded", "{}: {t}", m.code);
        assert_eq!(
            t["result"]["preview"], false,
            "{}: an engine result",
            m.code
        );
        let out = &t["result"]["outputs"][0];
        let kind = serde_json::to_value(m.output).unwrap();
        assert!(
            out["content_type"]
                .as_str()
                .unwrap()
                .starts_with(kind.as_str().unwrap()),
            "{}: {out}",
            m.code
        );
        let (status, _, bytes) = fetch(&s, out["url"].as_str().unwrap()).await;
        assert_eq!(status, 200);
        assert!(
            comfy.outputs().iter().any(|(_, b)| *b == bytes),
            "{}: the user gets the engine's own file",
            m.code
        );
        assert!(
            comfy
                .seen()
                .prompts
                .iter()
                .any(|p| p.prompt_id.contains(id)),
            "{}: the prompt id is ours",
            m.code
        );
        ran += 1;
    }
    assert!(ran >= 25, "{ran} modules ran");
    // Inputs went up with /upload/image (pictures, masks, videos, audio).
    assert!(comfy.seen().uploads.len() >= 20);
}

#[tokio::test]
async fn progress_moves_while_the_engine_samples() {
    let comfy = fake().await;
    comfy.behave(|b| {
        b.steps = 20;
        b.step_ms = 150;
    });
    let s = server(&[&comfy.url]).await;
    let token = s.register("pia@example.com").await;
    grant(&s, "pia@example.com", 10).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a slow fox"})).await;
    let mut seen = Vec::new();
    poll_until(
        Duration::from_secs(60),
        Duration::from_millis(50),
        async || {
            let t = result(&s, &token, "text2image", &id).await;
            seen.push(t["progress"].as_i64().unwrap_or(0));
            (t["status"] == "succeeded").then_some(())
        },
    )
    .await;
    assert!(
        seen.iter().any(|p| (11..=90).contains(p)),
        "progress between sampling steps: {seen:?}"
    );
}

#[tokio::test]
async fn refusals_and_errors_are_readable_and_refunded() {
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("rex@example.com").await;
    grant(&s, "rex@example.com", 10).await;
    let before = s.balance(&token).await;

    comfy.behave(|b| b.fail_next = true);
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "too big"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    assert!(
        t["error"].as_str().unwrap().contains("out of memory"),
        "{t}"
    );
    assert_eq!(t["refunded"], true);

    // ComfyUI lists installed models as the loader's choices: a missing one is refused.
    comfy.models(|o| o.models.clear());
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "no model"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    assert!(
        t["error"]
            .as_str()
            .unwrap()
            .contains("z_image_turbo_bf16.safetensors"),
        "names the missing model file: {t}"
    );
    assert_eq!(t["refunded"], true);
    assert_eq!(s.balance(&token).await, before);
}

#[tokio::test]
async fn cancel_interrupts_the_running_prompt() {
    let comfy = fake().await;
    comfy.behave(|b| b.hang = true);
    let s = server(&[&comfy.url]).await;
    let token = s.register("cy@example.com").await;
    grant(&s, "cy@example.com", 10).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "forever"})).await;
    wait_for(&s, &token, "text2image", &id, &["running"]).await;
    submitted(&comfy, &id).await;
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200);
    let interrupted = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(50),
        async || {
            let seen = comfy.seen();
            seen.interrupts
                .iter()
                .flatten()
                .any(|p| p.contains(&id))
                .then_some(())
        },
    )
    .await;
    assert!(
        interrupted.is_some(),
        "no /interrupt for {id}: {:?}",
        comfy.seen().interrupts
    );
}

#[tokio::test]
async fn a_lost_prompt_is_sent_again_once() {
    let comfy = fake().await;
    comfy.behave(|b| b.lose_next = true);
    let s = server(&[&comfy.url]).await;
    let token = s.register("lu@example.com").await;
    grant(&s, "lu@example.com", 10).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "lost once"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let sent = comfy
        .seen()
        .prompts
        .iter()
        .filter(|p| p.prompt_id.contains(&id))
        .count();
    assert_eq!(sent, 2, "sent, lost, sent again");
}

#[tokio::test]
async fn a_backend_that_goes_down_leaves_the_work_to_the_others() {
    let mut down = fake().await;
    let up = fake().await;
    let s = server(&[&down.url, &up.url]).await;
    let token = s.register("bo@example.com").await;
    grant(&s, "bo@example.com", 20).await;
    down.go_down().await;
    let mut ids = Vec::new();
    for i in 0..3 {
        ids.push(
            create_ok(
                &s,
                &token,
                "text2image",
                json!({"prompt": format!("fox {i}")}),
            )
            .await,
        );
    }
    for id in &ids {
        let t = wait_done(&s, &token, "text2image", id).await;
        assert_eq!(t["status"], "succeeded", "{t}");
    }
    assert_eq!(
        up.seen()
            .prompts
            .iter()
            .filter(|p| ids.iter().any(|id| p.prompt_id.contains(id)))
            .count(),
        3
    );
}

#[tokio::test]
async fn a_restarted_server_re_attaches_to_its_prompt() {
    let comfy = fake().await;
    comfy.behave(|b| {
        b.steps = 30;
        b.step_ms = 100;
    });
    let s = server(&[&comfy.url]).await;
    let token = s.register("ria@example.com").await;
    grant(&s, "ria@example.com", 10).await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "outlive a restart"}),
    )
    .await;
    submitted(&comfy, &id).await;
    // The stop hands the task back and leaves the prompt running on ComfyUI...
    let s = s.restart().await;
    // ...and the next run finds it there instead of sending it again.
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let seen = comfy.seen();
    let sent = seen
        .prompts
        .iter()
        .filter(|p| p.prompt_id.contains(&id))
        .count();
    assert_eq!(sent, 1, "attached, not sent again");
    assert!(
        seen.interrupts.is_empty(),
        "a drain does not interrupt: {:?}",
        seen.interrupts
    );
    assert_eq!(s.balance(&token).await, 15 - 2, "charged once");
}

#[tokio::test]
async fn a_prompt_that_ended_while_no_server_watched_is_collected_at_once() {
    let comfy = fake().await;
    comfy.behave(|b| {
        b.steps = 10;
        b.step_ms = 100;
    });
    let mut s = server(&[&comfy.url]).await;
    let token = s.register("ola@example.com").await;
    grant(&s, "ola@example.com", 10).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a quiet end"})).await;
    submitted(&comfy, &id).await;
    // The stop hands the task back and leaves the prompt running; it ends on ComfyUI while no
    // server is there to hear it (its instance was gone, as in a rolling restart).
    s.running.take().unwrap().stop().await.unwrap();
    let entry = format!("{}/history/aivg-{id}-0", comfy.url);
    let ended = poll_until(
        Duration::from_secs(20),
        Duration::from_millis(50),
        async || {
            let h: serde_json::Value = reqwest::get(&entry).await.ok()?.json().await.ok()?;
            h.as_object().is_some_and(|m| !m.is_empty()).then_some(())
        },
    )
    .await;
    assert!(ended.is_some(), "the prompt ended on the fake");
    let mut cfg = s.cfg.clone();
    cfg.addr = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    let s = common::TestServer::start_with(s.dir, cfg).await;
    // The next run finds it in the history at once: no progress will ever come for it, and
    // waiting for AIVG_COMFYUI_IDLE_S (5 minutes) of silence would outlast this wait.
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let sent = comfy
        .seen()
        .prompts
        .iter()
        .filter(|p| p.prompt_id.contains(&id))
        .count();
    assert_eq!(sent, 1, "collected, not sent again");
}

#[tokio::test]
async fn the_shipped_workflows_are_filled_and_local_tools_stay_local() {
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("cora@example.com").await;
    grant(&s, "cora@example.com", 10).await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "a copper teapot", "aspect_ratio": "3:4", "seed": 7}),
    )
    .await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["result"]["outputs"].as_array().unwrap().len(), 1);
    let workflow = comfy.seen().prompts[0].graph.clone();
    // The shipped text_to_image workflow (server/workflows/), filled.
    assert_eq!(workflow["57:27"]["inputs"]["text"], "a copper teapot");
    assert_eq!(workflow["57:13"]["inputs"]["width"], 768);
    assert_eq!(workflow["57:13"]["inputs"]["height"], 1024);
    assert_eq!(workflow["57:3"]["inputs"]["seed"], 7);
    assert_eq!(comfy.seen().prompts[0].prompt_id, format!("aivg-{id}-0"));

    // The enhancer uploads its input and runs the upscale workflow on it.
    let path = upload(&s, &token, "mai_imagesharpen", "png", png(8, 8)).await;
    let id = create_ok(&s, &token, "mai_imagesharpen", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "mai_imagesharpen", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let seen = comfy.seen();
    assert_eq!(seen.uploads.len(), 1);
    let workflow = &seen.prompts[1].graph;
    assert_eq!(
        workflow["100"]["inputs"]["image"],
        seen.uploads[0].0.as_str()
    );
    assert_eq!(workflow["2"]["class_type"], "ImageUpscaleWithModel");

    // Modules without a workflow (crop and resize) run locally, for real.
    let id = create_ok(
        &s,
        &token,
        "tool_sf",
        json!({"file_path": path, "max_side": 4}),
    )
    .await;
    let t = wait_done(&s, &token, "tool_sf", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["result"]["preview"], false, "{t}");
    let (_, _, bytes) = fetch(&s, t["result"]["outputs"][0]["url"].as_str().unwrap()).await;
    assert_eq!(dims(&bytes), (4, 4));
    assert_eq!(comfy.seen().prompts.len(), 2);
}
