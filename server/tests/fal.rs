//! Every module with a fal.ai model on a (fake) fal queue through the real server: the model's
//! own output stored in our store, inputs fetched by fal from our signed URLs, credits charged,
//! queue position and progress, cancel as fal's cancel, failures refunded with fal's words.

use crate::common;
use crate::engine_support;
use crate::fal_support;
use crate::media_support;

use aivg_core::tasks::{TASK_MODULES, TaskModule};
use common::poll_until;
use engine_support::data_for;
use fal_support::{fake, server, wait_submitted};
use futures_util::future::join_all;
use media_support::{create_ok, fetch, grant, result, start_with, wait_done, wait_for};
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn every_module_with_a_fal_model_runs_on_fal() {
    let fal = fake().await;
    // Several task workers and every task created before any is awaited: the modules run side
    // by side instead of one after another.
    let s = start_with(|cfg| {
        fal_support::use_fal(cfg, &fal);
        cfg.tasks.workers = 6;
    })
    .await;
    let token = s.register("fay@example.com").await;
    grant(&s, "fay@example.com", 1000).await;
    let before = s.balance(&token).await;
    let mut spent = 0;
    let mut ran = 0;
    // The modules whose every workflow has a fal.ai model in core's catalogue.
    let on_fal = |m: &&TaskModule| {
        !m.workflows().is_empty() && m.workflows().iter().all(|w| w.fal().is_some())
    };
    let mut created = Vec::new();
    for m in TASK_MODULES.iter().filter(on_fal) {
        let data = data_for(&s, &token, m).await;
        created.push((m, create_ok(&s, &token, m.code, data).await));
    }
    let ended = join_all(
        created
            .iter()
            .map(|(m, id)| wait_done(&s, &token, m.code, id)),
    )
    .await;
    for ((m, _), t) in created.iter().zip(ended) {
        assert_eq!(t["status"], "succeeded", "{}: {t}", m.code);
        assert_eq!(t["result"]["preview"], false, "{}", m.code);
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
        // Our store serves the copy: fal's URL is not what the user gets.
        let url = out["url"].as_str().unwrap();
        assert!(url.starts_with(&s.base), "{}: {url}", m.code);
        let (status, _, bytes) = fetch(&s, url).await;
        assert_eq!(status, 200);
        assert!(
            fal.outputs().iter().any(|(_, b)| *b == bytes),
            "{}: the user gets fal's own file",
            m.code
        );
        spent += i64::from(m.credits);
        ran += 1;
    }
    assert!(ran >= 25, "{ran} modules ran");
    assert_eq!(s.balance(&token).await, before - spent, "each task charged");

    let seen = fal.seen();
    // fal fetched every input from our signed URLs.
    assert!(seen.fetched.len() >= 20, "{:?}", seen.fetched.len());
    for (key, url, status, len) in &seen.fetched {
        assert_eq!(*status, 200, "{key} {url}");
        assert!(*len > 0, "{key}");
    }
    // The tasks ran side by side: requests are matched by what they carry, not by their order.
    let models_with = |needle: &str| -> Vec<String> {
        seen.submits
            .iter()
            .filter(|r| r.input.to_string().contains(needle))
            .map(|r| r.model.clone())
            .collect()
    };
    let flux = "fal-ai/flux/schnell".to_owned();
    assert!(models_with("a red fox in the snow").contains(&flux));
    assert!(models_with("calm piano under the rain").contains(&"fal-ai/ace-step".to_owned()));
    // The talking avatar with text speaks first, then animates with fal's spoken file.
    let speech = seen
        .submits
        .iter()
        .position(|r| r.model.starts_with("fal-ai/kokoro/"))
        .expect("a speech request");
    let spoken = |r: &&fake_fal::Submitted| {
        r.input["audio_url"]
            .as_str()
            .is_some_and(|u| u.starts_with(&fal.url))
    };
    let avatar = seen.submits[speech + 1..]
        .iter()
        .find(spoken)
        .expect("a request animating fal's spoken file after the speech");
    assert_eq!(avatar.model, "fal-ai/infinitalk", "{}", avatar.input);
}

#[tokio::test]
async fn inputs_are_shaped_for_each_model() {
    let fal = fake().await;
    let s = server(&fal).await;
    let token = s.register("ines@example.com").await;
    grant(&s, "ines@example.com", 100).await;
    let id = create_ok(
        &s,
        &token,
        "text2video",
        json!({"prompt": "waves at dusk", "aspect_ratio": "9:16", "duration": 10, "seed": 7}),
    )
    .await;
    assert_eq!(
        wait_done(&s, &token, "text2video", &id).await["status"],
        "succeeded"
    );
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "a copper teapot", "aspect_ratio": "3:4"}),
    )
    .await;
    assert_eq!(
        wait_done(&s, &token, "text2image", &id).await["status"],
        "succeeded"
    );
    // A song with lyrics and no style gets the song workflow's default style.
    let id = create_ok(
        &s,
        &token,
        "txt2Song",
        json!({"lyrics": "[verse]\nthe moon is bright tonight"}),
    )
    .await;
    assert_eq!(
        wait_done(&s, &token, "txt2Song", &id).await["status"],
        "succeeded"
    );
    let seen = fal.seen();
    let song = &seen.submits[2];
    let default = &aivg_server::workflows::index().unwrap().workflows["song"].defaults["tags"];
    assert_eq!(&song.input["tags"], default);
    assert!(!song.input["tags"].as_str().unwrap().is_empty());
    let video = &seen.submits[0];
    assert_eq!(video.model, "fal-ai/wan/v2.2-5b/text-to-video");
    assert_eq!(video.input["prompt"], "waves at dusk");
    assert_eq!(video.input["aspect_ratio"], "9:16");
    // 10 s: Wan 2.2 TI2V-5B's 121 frames at 12 fps (core's tasks::lengths::wan_clip).
    assert_eq!(video.input["num_frames"], 121);
    assert_eq!(video.input["frames_per_second"], 12);
    assert_eq!(video.input["seed"], 7);
    let image = &seen.submits[1];
    assert_eq!(
        image.input["image_size"],
        json!({"width": 768, "height": 1024})
    );
    assert_eq!(image.input["num_images"], 1);
}

#[tokio::test]
async fn queue_position_and_progress_reach_the_task() {
    let fal = fake().await;
    fal.behave(|b| {
        b.queue_polls = 6;
        b.progress_polls = 8;
    });
    let s = start_with(|cfg| {
        fal_support::use_fal(cfg, &fal);
        cfg.tasks.fal_poll = Duration::from_millis(120);
    })
    .await;
    let token = s.register("pam@example.com").await;
    grant(&s, "pam@example.com", 10).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a slow fox"})).await;
    let mut seen = Vec::new();
    poll_until(
        Duration::from_secs(60),
        Duration::from_millis(30),
        async || {
            let t = result(&s, &token, "text2image", &id).await;
            seen.push(t["progress"].as_i64().unwrap_or(0));
            (t["status"] == "succeeded").then_some(())
        },
    )
    .await;
    assert!(
        seen.iter().any(|p| (6..=10).contains(p)),
        "moves while queued: {seen:?}"
    );
    assert!(
        seen.iter().any(|p| (11..=89).contains(p)),
        "moves while running: {seen:?}"
    );
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
}

#[tokio::test]
async fn cancel_cancels_the_fal_request_and_refunds() {
    let fal = fake().await;
    fal.behave(|b| b.hang = true);
    let s = server(&fal).await;
    let token = s.register("cal@example.com").await;
    grant(&s, "cal@example.com", 10).await;
    let before = s.balance(&token).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "forever fox"})).await;
    wait_for(&s, &token, "text2image", &id, &["running"]).await;
    let request = wait_submitted(&fal, "forever fox").await;
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200);
    let cancelled = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(50),
        async || fal.seen().cancels.contains(&request).then_some(()),
    )
    .await;
    assert!(cancelled.is_some(), "fal never saw the cancel of {request}");
    assert_eq!(s.balance(&token).await, before, "refunded");
}

#[tokio::test]
async fn failures_are_refunded_with_fals_message() {
    let fal = fake().await;
    let s = server(&fal).await;
    let token = s.register("fio@example.com").await;
    grant(&s, "fio@example.com", 10).await;
    let before = s.balance(&token).await;

    fal.behave(|b| b.fail_next = Some("The prompt was flagged by the content checker".into()));
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "flagged"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    let error = t["error"].as_str().unwrap();
    assert!(
        error.contains("The prompt was flagged by the content checker"),
        "{error}"
    );
    assert!(error.contains("fal-ai/flux/schnell"), "{error}");
    assert_eq!(t["refunded"], true);
    assert_eq!(s.balance(&token).await, before);
}

#[tokio::test]
async fn a_wrong_key_fails_with_fals_answer() {
    let fal = fake().await;
    let s = start_with(|cfg| {
        fal_support::use_fal(cfg, &fal);
        cfg.tasks.fal_key = Some("wrong:key".into());
    })
    .await;
    let token = s.register("kim@example.com").await;
    grant(&s, "kim@example.com", 10).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "locked out"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    assert!(
        t["error"].as_str().unwrap().contains("No user found"),
        "{t}"
    );
    assert_eq!(t["refunded"], true);
    assert_eq!(fal.seen().unauthorised, 1);
}

#[tokio::test]
async fn files_need_a_public_address_for_fal() {
    let fal = fake().await;
    let s = start_with(|cfg| {
        fal_support::use_fal(cfg, &fal);
        cfg.public_url = None;
    })
    .await;
    let token = s.register("pub@example.com").await;
    grant(&s, "pub@example.com", 10).await;
    let path = media_support::upload(&s, &token, "mai_fs", "png", media_support::png(8, 8)).await;
    let id = create_ok(&s, &token, "mai_fs", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "mai_fs", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    assert!(
        t["error"].as_str().unwrap().contains("AIVG_PUBLIC_URL"),
        "{t}"
    );
    assert_eq!(t["refunded"], true);
    // A module without files still runs there.
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "no files"})).await;
    assert_eq!(
        wait_done(&s, &token, "text2image", &id).await["status"],
        "succeeded"
    );
    assert!(
        fal.seen()
            .submits
            .iter()
            .all(|r| r.model != "fal-ai/birefnet")
    );
}
