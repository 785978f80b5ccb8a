//! `Idempotency-Key` on task creation and upload grants (docs/api.md#retrying-safely): the same
//! key and body answer the first result and charge once, even when the duplicates race; the same
//! key with another body is a 422; keys are per user.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;

use common::TestServer;
use serde_json::{Value, json};

async fn create_with_key(s: &TestServer, token: &str, key: &str, body: &Value) -> (u16, Value) {
    let res = s
        .http
        .post(s.url("/v1/ai/create/text2image"))
        .bearer_auth(token)
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}

/// The consumption rows of the user's ledger.
async fn charges(s: &TestServer, token: &str) -> usize {
    let (status, body) = s
        .get(
            "/v1/credit/history?type=Consumption&page_size=100",
            Some(token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["list"].as_array().unwrap().len()
}

#[tokio::test]
async fn racing_duplicates_make_one_task_and_one_charge() {
    let s = TestServer::start().await;
    let token = s.register("ida@example.com").await;
    let body = json!({"data": {"prompt": "[slow] a lighthouse", "seed": 7}});
    let answers = futures_util::future::join_all(
        (0..6).map(|_| create_with_key(&s, &token, "order-7f3a", &body)),
    )
    .await;
    let ids: Vec<&str> = answers
        .iter()
        .map(|(status, a)| {
            assert_eq!(*status, 200, "{a}");
            a["data"]["task_id"].as_str().unwrap()
        })
        .collect();
    assert!(ids.iter().all(|id| *id == ids[0]), "one task: {ids:?}");
    assert_eq!(s.balance(&token).await, 3, "charged once");
    assert_eq!(
        charges(&s, &token).await,
        1,
        "one consumption in the ledger"
    );

    // Later, the same key and body (fields in another order) answer the first task again.
    let reordered = json!({"data": {"seed": 7, "prompt": "[slow] a lighthouse"}});
    let (status, again) = create_with_key(&s, &token, "order-7f3a", &reordered).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["data"]["task_id"], ids[0]);
    assert_eq!(charges(&s, &token).await, 1);

    // The same key with another body is refused, clearly.
    let other = json!({"data": {"prompt": "a different picture"}});
    let (status, refused) = create_with_key(&s, &token, "order-7f3a", &other).await;
    assert_eq!(status, 422, "{refused}");
    assert!(
        refused["msg"]
            .as_str()
            .unwrap()
            .contains("already used with another request"),
        "{refused}"
    );
    assert_eq!(s.balance(&token).await, 3);

    // Without a key, or with a new one, a request is a new task.
    let (status, fresh) = create_with_key(&s, &token, "order-8000", &other).await;
    assert_eq!(status, 200, "{fresh}");
    assert_ne!(fresh["data"]["task_id"], ids[0]);
    assert_eq!(s.balance(&token).await, 1);

    // Keys are per user.
    let bob = s.register("idb@example.com").await;
    let (status, his) = create_with_key(&s, &bob, "order-7f3a", &other).await;
    assert_eq!(status, 200, "{his}");
    assert_eq!(s.balance(&bob).await, 3);
}

#[tokio::test]
async fn a_failed_first_request_keeps_no_answer() {
    let s = TestServer::start().await;
    let token = s.register("idc@example.com").await;
    let bad = json!({"data": {}});
    let (status, body) = create_with_key(&s, &token, "k-1", &bad).await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = create_with_key(&s, &token, "k-1", &bad).await;
    assert_eq!(status, 400, "the same answer, by doing it again: {body}");
    let (status, body) = create_with_key(&s, &token, "", &json!({"data": {"prompt": "x"}})).await;
    assert_eq!(status, 400, "an empty key is refused: {body}");
    assert_eq!(s.balance(&token).await, 5);
}

#[tokio::test]
async fn upload_grants_are_idempotent_too() {
    let s = TestServer::start().await;
    let token = s.register("idd@example.com").await;
    let grant = |key: &'static str, ext: &'static str| {
        let req = s
            .http
            .get(s.url(&format!(
                "/v1/common/oss/token?algorithm=text2image&ext={ext}"
            )))
            .bearer_auth(&token)
            .header("Idempotency-Key", key);
        async move {
            let res = req.send().await.unwrap();
            (res.status().as_u16(), res.json::<Value>().await.unwrap())
        }
    };
    let (status, first) = grant("g-1", "png").await;
    assert_eq!(status, 200, "{first}");
    let (_, second) = grant("g-1", "png").await;
    assert_eq!(second["data"]["oss_path"], first["data"]["oss_path"]);
    assert_eq!(second["data"]["upload_url"], first["data"]["upload_url"]);
    let (status, other) = grant("g-1", "jpg").await;
    assert_eq!(status, 422, "{other}");
    let (_, fresh) = grant("g-2", "png").await;
    assert_ne!(fresh["data"]["oss_path"], first["data"]["oss_path"]);
}
