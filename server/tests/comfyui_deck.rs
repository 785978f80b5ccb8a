//! Tasks lined up behind a busy ComfyUI server's prompt (docs/engines.md#a-fleet-of-gpus,
//! `tasks/comfyui/deck.rs`): while every slot is taken, the next task is claimed and made ready
//! on a server but sends nothing; when the prompt before it ends, its prompt is sent, the
//! slot's lease passes to it and the next task lines up in turn, the server never holding two
//! prompts. A task lined up on a server that goes down runs on another one; one lined up
//! behind a cancelled prompt takes the freed slot.

use crate::comfyui_fleet::leases;
use crate::common::{TestServer, poll_until};
use crate::engine_support::{fake, submitted};
use crate::media_support::{create_ok, grant, pool, result, start_with, wait_done, wait_for};
use fake_comfyui::FakeComfy;
use serde_json::json;
use std::time::Duration;

/// A server on `urls` with `workers` task workers and one task lined up per slot (the
/// default); a server that stops answering mid-prompt counts as down after 1 s.
async fn server(urls: &[&str], workers: usize) -> TestServer {
    let list = urls.join(",");
    start_with(move |cfg| {
        cfg.tasks.comfyui_url = Some(list);
        cfg.tasks.workers = workers;
        cfg.tasks.comfyui_reprobe = Duration::from_secs(1);
        assert_eq!(
            cfg.tasks.comfyui_deck, 1,
            "one task lined up per slot by default"
        );
    })
    .await
}

/// `n` users with credits for a few tasks: (token, e-mail).
async fn users(s: &TestServer, tag: &str, n: usize) -> Vec<String> {
    let mut out = Vec::new();
    for u in 0..n {
        let email = format!("{tag}{u}@example.com");
        let token = s.register(&email).await;
        grant(s, &email, 40).await;
        out.push(token);
    }
    out
}

async fn status(s: &TestServer, token: &str, id: &str) -> String {
    result(s, token, "text2image", id).await["status"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Waits until `comfy` runs (not only holds) a prompt of task `id`.
async fn running(comfy: &FakeComfy, id: &str) {
    let on = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(10),
        async || comfy.running().filter(|p| p.contains(id)).map(|_| ()),
    )
    .await;
    assert!(on.is_some(), "task {id} never ran: {:?}", comfy.running());
}

/// The tasks holding a slot lease in the database.
async fn leased(s: &TestServer) -> Vec<String> {
    let mut tasks: Vec<String> = leases(s).await.into_iter().map(|l| l.2).collect();
    tasks.sort();
    tasks
}

#[tokio::test]
async fn a_task_lined_up_sends_its_prompt_when_the_prompt_before_it_ends() {
    let gpu = fake().await;
    gpu.behave(|b| b.hang = true);
    let s = server(&[&gpu.url], 4).await;
    let u = users(&s, "deck", 3).await;
    let first = create_ok(&s, &u[0], "text2image", json!({"prompt": "first"})).await;
    running(&gpu, &first).await;
    let second = create_ok(&s, &u[1], "text2image", json!({"prompt": "second"})).await;
    let third = create_ok(&s, &u[2], "text2image", json!({"prompt": "third"})).await;
    // The second is claimed and lined up: running for us, nothing sent to the full server.
    wait_for(&s, &u[1], "text2image", &second, &["running"]).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        gpu.seen().prompts.len(),
        1,
        "nothing sent while the slot is taken"
    );
    assert_eq!(
        status(&s, &u[2], &third).await,
        "queued",
        "one lined up per slot"
    );
    assert_eq!(leased(&s).await, std::slice::from_ref(&first));

    // The first prompt ends: the second's is sent, the lease passes to it, and the third
    // lines up behind it.
    gpu.finish_running();
    running(&gpu, &second).await;
    let passed = poll_until(
        Duration::from_secs(30),
        Duration::from_millis(20),
        async || (leased(&s).await == std::slice::from_ref(&second)).then_some(()),
    )
    .await;
    assert!(
        passed.is_some(),
        "the lease names the second: {:?}",
        leased(&s).await
    );
    wait_for(&s, &u[2], "text2image", &third, &["running"]).await;
    assert_eq!(gpu.seen().prompts.len(), 2);

    gpu.behave(|b| b.hang = false);
    gpu.finish_running();
    for (token, id) in [(&u[0], &first), (&u[1], &second), (&u[2], &third)] {
        let t = wait_done(&s, token, "text2image", id).await;
        assert_eq!(t["status"], "succeeded", "{t}");
        assert!(t["result"]["outputs"][0]["url"].is_string(), "{t}");
    }
    let order: Vec<String> = gpu
        .seen()
        .prompts
        .iter()
        .map(|p| p.prompt_id.clone())
        .collect();
    assert_eq!(
        order,
        [first, second, third].map(|id| format!("aivg-{id}-0")),
        "the queue's order"
    );
    assert_eq!(gpu.seen().most_held, 1, "never two prompts at once");
    let freed = poll_until(
        Duration::from_secs(30),
        Duration::from_millis(20),
        async || leased(&s).await.is_empty().then_some(()),
    )
    .await;
    assert!(freed.is_some(), "every lease freed: {:?}", leased(&s).await);
}

#[tokio::test]
async fn a_task_lined_up_on_a_server_that_goes_down_runs_on_another() {
    let mut gpus = vec![fake().await, fake().await];
    for g in &gpus {
        g.behave(|b| b.hang = true);
    }
    let urls: Vec<&str> = gpus.iter().map(|g| g.url.as_str()).collect();
    let s = server(&urls, 6).await;
    let u = users(&s, "deckdown", 3).await;
    let first = create_ok(&s, &u[0], "text2image", json!({"prompt": "one"})).await;
    let second = create_ok(&s, &u[1], "text2image", json!({"prompt": "two"})).await;
    let both = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(20),
        async || (gpus.iter().all(|g| g.running().is_some())).then_some(()),
    )
    .await;
    assert!(both.is_some(), "both servers run a prompt");
    let third = create_ok(&s, &u[2], "text2image", json!({"prompt": "three"})).await;
    wait_for(&s, &u[2], "text2image", &third, &["running"]).await;
    // Where it is lined up: the server its run recorded.
    let at: String = poll_until(
        Duration::from_secs(30),
        Duration::from_millis(20),
        async || {
            let b: String = sqlx::query_scalar("SELECT backend FROM tasks WHERE task_id = $1")
                .bind(&third)
                .fetch_one(&pool(&s))
                .await
                .unwrap();
            (!b.is_empty()).then_some(b)
        },
    )
    .await
    .expect("the third task is placed");
    let lost = gpus
        .iter()
        .position(|g| g.url == at)
        .expect("a server of ours");
    let kept = 1 - lost;
    gpus[kept].behave(|b| b.hang = false);
    gpus[lost].go_down().await;
    // Its prompt, and the lost server's, run on the other one once it is free.
    gpus[kept].finish_running();
    for (token, id) in [(&u[0], &first), (&u[1], &second), (&u[2], &third)] {
        let t = wait_done(&s, token, "text2image", id).await;
        assert_eq!(t["status"], "succeeded", "{t}");
    }
    let on_lost = gpus[lost].seen().prompts;
    assert_eq!(on_lost.len(), 1, "only the prompt it ran: {on_lost:?}");
    assert!(!on_lost[0].prompt_id.contains(&third));
    assert_eq!(gpus[kept].seen().most_held, 1);
}

#[tokio::test]
async fn a_task_lined_up_behind_a_cancelled_prompt_takes_the_slot() {
    let gpu = fake().await;
    gpu.behave(|b| b.hang = true);
    let s = server(&[&gpu.url], 4).await;
    let u = users(&s, "deckcancel", 2).await;
    let first = create_ok(&s, &u[0], "text2image", json!({"prompt": "first"})).await;
    running(&gpu, &first).await;
    let second = create_ok(&s, &u[1], "text2image", json!({"prompt": "second"})).await;
    wait_for(&s, &u[1], "text2image", &second, &["running"]).await;
    gpu.behave(|b| b.hang = false);
    let (code, _) = s
        .post(&format!("/v1/ai/cancel/{first}"), Some(&u[0]), json!({}))
        .await;
    assert_eq!(code, 200);
    submitted(&gpu, &second).await;
    let t = wait_done(&s, &u[1], "text2image", &second).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(status(&s, &u[0], &first).await, "cancelled");
    assert_eq!(
        gpu.seen().interrupts.len(),
        1,
        "the cancelled prompt was stopped"
    );
}
