//! Seeds (docs/behaviour/tasks-and-queue.md#seeds): a task keeps the seed its result used, the
//! one the user set or one the server drew, and that is the seed the workflow gets; a module whose
//! result does not depend on a seed keeps none; a seed out of range is refused before charging.

use crate::engine_support;
use crate::media_support;

use aivg_core::tasks::MAX_SEED;
use engine_support::{fake, server};
use media_support::{create, create_ok, grant, png, upload, wait_done};
use serde_json::json;

#[tokio::test]
async fn a_task_keeps_the_seed_its_workflow_got() {
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("seda@example.com").await;
    grant(&s, "seda@example.com", 100).await;

    // No seed sent: the server draws one, keeps it in the task's data and fills the workflow with it.
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a tin robot"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let drawn = t["data"]["seed"].as_u64().expect("a drawn seed is kept");
    assert!(drawn <= MAX_SEED, "{drawn}");
    let graph = &comfy.seen().prompts[0].graph;
    assert_eq!(
        graph["57:3"]["inputs"]["seed"], drawn,
        "the workflow ran with it"
    );

    // The seed a user sets is the seed kept and used.
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "a tin robot", "seed": drawn}),
    )
    .await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["data"]["seed"], drawn);
    assert_eq!(
        comfy.seen().prompts[1].graph["57:3"]["inputs"]["seed"],
        drawn
    );

    // Two tasks without a seed draw their own (a 1 in 2^32 chance of the same one).
    let other = create_ok(&s, &token, "text2image", json!({"prompt": "a tin robot"})).await;
    let t = wait_done(&s, &token, "text2image", &other).await;
    assert_ne!(t["data"]["seed"], drawn);

    // An upscale gives the same result for the same picture: no seed is kept.
    let path = upload(&s, &token, "mai_imagesharpen", "png", png(8, 8)).await;
    let id = create_ok(&s, &token, "mai_imagesharpen", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "mai_imagesharpen", &id).await;
    assert!(t["data"].get("seed").is_none(), "{t}");

    // A seed beyond the engines' range is refused, naming it, before anything is charged.
    let before = s.balance(&token).await;
    let (status, body) = create(
        &s,
        &token,
        "text2image",
        json!({"prompt": "a tin robot", "seed": MAX_SEED + 1}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.to_string().contains("data.seed"), "{body}");
    assert_eq!(s.balance(&token).await, before);
}
