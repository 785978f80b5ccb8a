//! A fleet of ComfyUI servers (docs/engines.md#a-fleet-of-gpus): a server is never given more
//! prompts than its slots and the rest wait in our queue; the load other senders put on a
//! server (its `status` messages) steers the pick; a workflow is checked once per server
//! fingerprint; a server lost mid-prompt loses only its running prompt. Across instances on one
//! database, a slot is leased there: instances never fill one slot twice, a live instance's
//! lease is left alone, a dead one's is reclaimed, and a task claimed again after its instance
//! stopped takes its own lease over.

use crate::common::{TestServer, poll_until};
use crate::engine_support::{fake, submitted};
use crate::media_support::{create_ok, grant, pool, result, start_with, wait_done};
use aivg_server::tasks::comfyui::backends::Backends;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// A server on `urls` (each may carry `#slots=N`) with `workers` task workers; its servers'
/// lists are read again every `reprobe` (which is also how long a server may stop answering
/// mid-prompt before its prompt goes elsewhere). No task is lined up behind a running prompt
/// (`AIVG_COMFYUI_DECK=0`): these tests look at the slots alone, `comfyui_deck.rs` at the
/// tasks lined up.
async fn fleet(urls: &[&str], workers: usize, reprobe: Duration) -> TestServer {
    let list = urls.join(",");
    start_with(move |cfg| {
        cfg.tasks.comfyui_url = Some(list);
        cfg.tasks.workers = workers;
        cfg.tasks.comfyui_reprobe = reprobe;
        cfg.tasks.comfyui_deck = 0;
    })
    .await
}

fn backends(s: &TestServer) -> Arc<Backends> {
    let state = &s.running.as_ref().unwrap().state;
    Arc::clone(state.tasks.engines().comfy.as_ref().unwrap().backends())
}

const LONG: Duration = Duration::from_secs(3600);

#[tokio::test]
async fn a_server_never_has_more_of_our_prompts_than_its_slots() {
    let one = fake().await;
    let two = fake().await;
    // Prompts that run until stopped: the slots stay taken while the rest is looked at.
    for f in [&one, &two] {
        f.behave(|b| b.hang = true);
    }
    let s = fleet(&[&one.url, &format!("{}#slots=2", two.url)], 6, LONG).await;
    let mut tasks = Vec::new();
    for u in 0..3 {
        let email = format!("slots{u}@example.com");
        let token = s.register(&email).await;
        grant(&s, &email, 40).await;
        for i in 0..2 {
            let id = create_ok(
                &s,
                &token,
                "text2image",
                json!({"prompt": format!("slots {u} {i}")}),
            )
            .await;
            tasks.push((token.clone(), id));
        }
    }
    let sent = || one.seen().prompts.len() + two.seen().prompts.len();
    let filled = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(20),
        async || (sent() == 3).then_some(()),
    )
    .await;
    assert!(filled.is_some(), "three slots filled: {}", sent());
    // Six workers are idle and three tasks wait: nothing more is sent...
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(sent(), 3, "no prompt beyond the slots");
    assert_eq!(one.seen().most_held, 1, "one slot: one prompt");
    assert_eq!(two.seen().most_held, 2, "two slots: two prompts");
    // ...and the rest wait in our queue.
    let mut queued = 0;
    for (token, id) in &tasks {
        if result(&s, token, "text2image", id).await["status"] == "queued" {
            queued += 1;
        }
    }
    assert_eq!(queued, 3);
    assert_eq!(
        one.seen().queue_calls + two.seen().queue_calls,
        0,
        "no GET /queue for a task's first run"
    );
}

#[tokio::test]
async fn while_every_slot_is_taken_a_task_waits_in_our_queue() {
    let gpu = fake().await;
    gpu.behave(|b| b.hang = true);
    let s = fleet(&[&gpu.url], 4, LONG).await;
    let token = s.register("wait@example.com").await;
    grant(&s, "wait@example.com", 20).await;
    let first = create_ok(&s, &token, "text2image", json!({"prompt": "first"})).await;
    submitted(&gpu, &first).await;
    gpu.behave(|b| b.hang = false);
    let second = create_ok(&s, &token, "text2image", json!({"prompt": "second"})).await;
    // Idle workers are free to claim it: they leave it in the queue, not on the full server.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let t = result(&s, &token, "text2image", &second).await;
    assert_eq!(t["status"], "queued", "{t}");
    assert_eq!(gpu.seen().prompts.len(), 1);
    // Cancelling the first frees the slot (the prompt is interrupted): the second runs.
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{first}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200);
    let t = wait_done(&s, &token, "text2image", &second).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(gpu.seen().most_held, 1);
}

#[tokio::test]
async fn another_senders_prompts_seen_in_status_messages_steer_the_pick() {
    let busy = fake().await;
    busy.behave(|b| b.hang = true);
    let idle = fake().await;
    // Another instance (its own database here) fills the two slots of the first server...
    let two = format!("{}#slots=2", busy.url);
    let other = fleet(&[&two], 2, LONG).await;
    let token = other.register("other@example.com").await;
    grant(&other, "other@example.com", 10).await;
    let mut held = Vec::new();
    for i in 0..2 {
        let id = create_ok(
            &other,
            &token,
            "text2image",
            json!({"prompt": format!("held {i}")}),
        )
        .await;
        submitted(&busy, &id).await;
        held.push(id);
    }
    // ...which, counting only its own prompts, this one would prefer (two free slots to one).
    let s = fleet(&[&two, &idle.url], 2, LONG).await;
    let token = s.register("steer@example.com").await;
    grant(&s, "steer@example.com", 10).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "steer"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(idle.seen().prompts.len(), 1);
    assert!(
        busy.seen()
            .prompts
            .iter()
            .all(|p| held.iter().any(|h| p.prompt_id.contains(h))),
        "only the other instance's prompts on the busy server"
    );
    let load = backends(&s).all()[0].load();
    assert_eq!(load.ours, 0);
    assert_eq!(load.remote, Some(2), "its status said two prompts");
    assert_eq!(busy.seen().queue_calls, 0, "learnt without GET /queue");
}

#[tokio::test]
async fn a_workflow_is_checked_once_per_server_fingerprint() {
    let a = fake().await;
    let b = fake().await;
    let c = fake().await;
    // The third has one more model file: another fingerprint.
    c.models(|o| {
        o.models
            .entry("checkpoints".into())
            .or_default()
            .insert("another.safetensors".into());
    });
    let s = fleet(&[&a.url, &b.url, &c.url], 3, LONG).await;
    let token = s.register("prints@example.com").await;
    grant(&s, "prints@example.com", 40).await;
    let mut ids = Vec::new();
    for i in 0..6 {
        ids.push(
            create_ok(
                &s,
                &token,
                "text2image",
                json!({"prompt": format!("print {i}")}),
            )
            .await,
        );
    }
    for id in &ids {
        let t = wait_done(&s, &token, "text2image", id).await;
        assert_eq!(t["status"], "succeeded", "{t}");
    }
    assert_eq!(
        backends(&s).checks_run(),
        2,
        "one workflow, two fingerprints among three servers"
    );
    for f in [&a, &b, &c] {
        assert_eq!(
            f.seen().object_info_calls,
            1,
            "each server's node list read once"
        );
    }
}

#[tokio::test]
async fn a_server_lost_mid_prompt_loses_only_its_running_prompt() {
    let mut fleet_of_two = vec![fake().await, fake().await];
    for f in &fleet_of_two {
        f.behave(|b| b.hang = true);
    }
    let urls: Vec<&str> = fleet_of_two.iter().map(|f| f.url.as_str()).collect();
    let s = fleet(&urls, 3, Duration::from_secs(1)).await;
    let token = s.register("lost@example.com").await;
    grant(&s, "lost@example.com", 40).await;
    let first = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "on the lost one"}),
    )
    .await;
    let lost_at = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(20),
        async || {
            fleet_of_two.iter().position(|f| {
                f.seen()
                    .prompts
                    .iter()
                    .any(|p| p.prompt_id.contains(&first))
            })
        },
    )
    .await
    .expect("the first task's prompt was sent");
    let kept_at = 1 - lost_at;
    fleet_of_two[kept_at].behave(|b| b.hang = false);
    let mut rest = Vec::new();
    for i in 0..3 {
        rest.push(
            create_ok(
                &s,
                &token,
                "text2image",
                json!({"prompt": format!("rest {i}")}),
            )
            .await,
        );
    }
    for id in &rest {
        let t = wait_done(&s, &token, "text2image", id).await;
        assert_eq!(t["status"], "succeeded", "{t}");
    }
    // The server dies mid-prompt: the task goes to the other one, nothing else was there.
    fleet_of_two[lost_at].go_down().await;
    let t = wait_done(&s, &token, "text2image", &first).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let lost = &fleet_of_two[lost_at];
    let on_lost: Vec<String> = lost
        .seen()
        .prompts
        .iter()
        .map(|p| p.prompt_id.clone())
        .collect();
    assert_eq!(
        on_lost,
        [format!("aivg-{first}-0")],
        "only its running prompt"
    );
    assert_eq!(
        fleet_of_two[kept_at].seen().prompts.len(),
        4,
        "the three others and the lost one's retry"
    );
    let gone = poll_until(
        Duration::from_secs(10),
        Duration::from_millis(50),
        async || (!backends(&s).all()[lost_at].is_up()).then_some(()),
    )
    .await;
    assert!(gone.is_some(), "the lost server is marked down");
}

/// Another instance on `s`'s database (SQLite file or PostgreSQL), with its own address,
/// workers and ComfyUI state, as a cluster runs them.
async fn another_instance(s: &TestServer) -> TestServer {
    let mut cfg = s.cfg.clone();
    cfg.addr = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    TestServer::start_with(tempfile::tempdir().unwrap(), cfg).await
}

/// The slot leases in the database: (server, slot, task, expires_ms).
pub async fn leases(s: &TestServer) -> Vec<(String, i64, String, i64)> {
    sqlx::query_as("SELECT backend, slot, task_id, expires_ms FROM comfyui_slots")
        .fetch_all(&pool(s))
        .await
        .unwrap()
}

#[tokio::test]
async fn instances_sharing_one_slot_servers_never_fill_a_slot_twice() {
    let gpus = vec![fake().await, fake().await, fake().await];
    for g in &gpus {
        // Short prompts: many slots freed and filled again while the three instances compete.
        g.behave(|b| {
            b.steps = 2;
            b.step_ms = 40;
        });
    }
    let urls: Vec<&str> = gpus.iter().map(|g| g.url.as_str()).collect();
    // Two workers each: no instance can fill the three slots alone.
    let a = fleet(&urls, 2, LONG).await;
    let mut tasks = Vec::new();
    for u in 0..6 {
        let email = format!("twice{u}@example.com");
        let token = a.register(&email).await;
        grant(&a, &email, 100).await;
        for i in 0..5 {
            let id = create_ok(
                &a,
                &token,
                "text2image",
                json!({"prompt": format!("twice {u} {i}")}),
            )
            .await;
            tasks.push((token.clone(), id));
        }
    }
    // The other two start with the queue full: each claims at once.
    let b = another_instance(&a).await;
    let c = another_instance(&a).await;
    for (token, id) in &tasks {
        let t = wait_done(&a, token, "text2image", id).await;
        assert_eq!(t["status"], "succeeded", "{t}");
    }
    let owners: Vec<String> = sqlx::query_scalar("SELECT DISTINCT owner FROM tasks")
        .fetch_all(&pool(&a))
        .await
        .unwrap();
    assert!(
        owners.len() >= 2,
        "the instances shared the work: {owners:?}"
    );
    let mut sent = 0;
    for g in &gpus {
        sent += g.seen().prompts.len();
        assert_eq!(g.seen().most_held, 1, "one slot: never two prompts at once");
    }
    assert_eq!(sent, tasks.len(), "each task sent once");
    assert!(leases(&a).await.is_empty(), "every slot freed");
    drop((b, c));
}

#[tokio::test]
async fn a_slot_leased_by_a_live_instance_is_left_and_a_dead_ones_is_reclaimed() {
    let gpu = fake().await;
    let s = fleet(&[&gpu.url], 2, LONG).await;
    let base = backends(&s).all()[0].base().to_owned();
    // Another instance holds the one slot, its lease renewed (it lives)...
    sqlx::query(
        "INSERT INTO comfyui_slots (backend, slot, task_id, owner, expires_ms) VALUES ($1, 0, 'elsewhere', 'i-other', $2)",
    )
    .bind(&base)
    .bind(aivg_server::clock::now_ms() + 3_600_000)
    .execute(&pool(&s))
    .await
    .unwrap();
    let token = s.register("lease@example.com").await;
    grant(&s, "lease@example.com", 10).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "leased"})).await;
    // The server looks free to this instance (no prompt there), but its slot is not ours.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert!(
        gpu.seen().prompts.is_empty(),
        "nothing sent to a leased slot"
    );
    let t = result(&s, &token, "text2image", &id).await;
    assert_ne!(t["status"], "succeeded", "{t}");
    // ...then dies: its lease is not renewed and expires; the slot is taken over.
    sqlx::query("UPDATE comfyui_slots SET expires_ms = 0 WHERE task_id = 'elsewhere'")
        .execute(&pool(&s))
        .await
        .unwrap();
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(gpu.seen().prompts.len(), 1);
    assert!(leases(&s).await.is_empty(), "freed when the prompt ended");
}

#[tokio::test]
async fn a_task_claimed_again_takes_its_lease_over_and_nothing_joins_its_prompt() {
    let gpu = fake().await;
    // A prompt of about 3 s: it outlives its instance.
    gpu.behave(|b| {
        b.steps = 30;
        b.step_ms = 100;
    });
    let mut a = fleet(&[&gpu.url], 2, LONG).await;
    let token = a.register("over@example.com").await;
    grant(&a, "over@example.com", 20).await;
    let first = create_ok(&a, &token, "text2image", json!({"prompt": "outlived"})).await;
    submitted(&gpu, &first).await;
    let held = leases(&a).await;
    assert_eq!(held.len(), 1, "{held:?}");
    assert_eq!(held[0].2, first, "the task's lease: {held:?}");
    let b = another_instance(&a).await;
    // A stops (its prompt left running, the task handed back) and its lease is as it would
    // be had it died: expired. Another task waits too.
    a.running.take().unwrap().stop().await.unwrap();
    sqlx::query("UPDATE comfyui_slots SET expires_ms = 0")
        .execute(&pool(&b))
        .await
        .unwrap();
    let second = create_ok(&b, &token, "text2image", json!({"prompt": "waits"})).await;
    for id in [&first, &second] {
        let t = wait_done(&b, &token, "text2image", id).await;
        assert_eq!(t["status"], "succeeded", "{t}");
    }
    let seen = gpu.seen();
    let sent = |id: &str| {
        seen.prompts
            .iter()
            .filter(|p| p.prompt_id.contains(id))
            .count()
    };
    assert_eq!(sent(&first), 1, "re-attached, not sent again");
    assert_eq!(sent(&second), 1);
    assert_eq!(
        seen.most_held, 1,
        "the expired lease's prompt still ran: nothing joined it"
    );
    assert!(leases(&b).await.is_empty(), "every slot freed");
}
