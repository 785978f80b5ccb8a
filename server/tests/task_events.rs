//! The event stream: a user's task updates pushed to that user only (added, running, done,
//! deleted), and its authentication: a single-use ticket instead of the token in the URL, and
//! the stream ends when its session is logged out.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{create_ok, read_events};
use serde_json::json;
use std::time::Duration;

async fn ticket(s: &TestServer, token: &str) -> String {
    let (status, body) = s.post("/v1/ai/events/ticket", Some(token), json!({})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["expires_in"], 60);
    body["data"]["ticket"].as_str().unwrap().to_owned()
}

async fn open(s: &TestServer, query: &str) -> reqwest::Response {
    s.http
        .get(s.url(&format!("/v1/ai/events?{query}")))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_ticket_opens_one_stream_and_the_token_stays_out_of_urls() {
    let s = TestServer::start().await;
    let token = s.register("tia@example.com").await;
    let (status, _) = s.post("/v1/ai/events/ticket", None, json!({})).await;
    assert_eq!(status, 401, "a ticket needs a signed-in user");
    let t = ticket(&s, &token).await;
    assert_eq!(
        open(&s, &format!("ticket={t}")).await.status().as_u16(),
        200
    );
    assert_eq!(
        open(&s, &format!("ticket={t}")).await.status().as_u16(),
        401,
        "single use"
    );
    assert_eq!(open(&s, "ticket=made-up").await.status().as_u16(), 401);
    assert_eq!(
        open(&s, &format!("token={token}")).await.status().as_u16(),
        401,
        "the access token is not taken from the URL"
    );
    // An expired ticket is refused.
    let t = ticket(&s, &token).await;
    sqlx::query("UPDATE event_tickets SET expires_ms = 1 WHERE ticket = $1")
        .bind(&t)
        .execute(&s.running.as_ref().unwrap().state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        open(&s, &format!("ticket={t}")).await.status().as_u16(),
        401
    );
}

#[tokio::test]
async fn a_ticket_of_a_logged_out_session_opens_nothing() {
    let s = TestServer::start().await;
    let token = s.register("tlo@example.com").await;
    let t = ticket(&s, &token).await;
    let (status, _) = s.post("/v1/logout", Some(&token), json!({})).await;
    assert_eq!(status, 200);
    let res = open(&s, &format!("ticket={t}")).await;
    assert_eq!(res.status().as_u16(), 401);
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(
        body["msg"]
            .as_str()
            .unwrap()
            .contains("session of this ticket has ended"),
        "{body}"
    );
}

#[tokio::test]
async fn the_stream_ends_when_its_session_logs_out() {
    let s = TestServer::start().await;
    let token = s.register("lou@example.com").await;
    let t = ticket(&s, &token).await;
    let mut res = open(&s, &format!("ticket={t}")).await;
    assert_eq!(res.status().as_u16(), 200);
    let (status, _) = s.post("/v1/logout", Some(&token), json!({})).await;
    assert_eq!(status, 200);
    // Within one session check (`AIVG_STREAM_CHECK_S`, 1 s in tests) the server closes the
    // stream.
    let ended = tokio::time::timeout(Duration::from_secs(25), async {
        loop {
            match res.chunk().await {
                Ok(Some(_)) => {}
                _ => return,
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the stream outlived its session");
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

/// A second session of an account (log-in again).
async fn login(s: &TestServer, email: &str) -> String {
    let (status, body) = s
        .post(
            "/account/login",
            None,
            json!({"email": email, "password": "secret123"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let code = body["data"]["code"].as_str().unwrap().to_owned();
    let (status, body) = s.post("/v1/oauth/token", None, json!({"code": code})).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["access_token"].as_str().unwrap().to_owned()
}

async fn bearer_stream(s: &TestServer, token: &str) -> reqwest::Response {
    let mut res = s
        .http
        .get(s.url("/v1/ai/events"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    read_events(&mut res, |name, _| name == "updateList").await;
    res
}

fn state(s: &TestServer) -> &aivg_server::state::AppState {
    &s.running.as_ref().unwrap().state
}

fn on_postgres() -> bool {
    std::env::var("DATABASE_URL").is_ok_and(|u| u.starts_with("postgres"))
}

/// A second instance on the same database (PostgreSQL), else the same server.
async fn other_instance(a: &TestServer) -> Option<TestServer> {
    if !on_postgres() {
        return None;
    }
    let mut cfg = a.cfg.clone();
    cfg.addr = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    Some(TestServer::start_with(tempfile::tempdir().unwrap(), cfg).await)
}

/// Reads until the stream ends (`true`) or 20 s pass with it open (`false`).
async fn ends(res: &mut reqwest::Response) -> bool {
    tokio::time::timeout(Duration::from_secs(20), async {
        while let Ok(Some(_)) = res.chunk().await {}
    })
    .await
    .is_ok()
}

#[tokio::test]
async fn each_users_streams_get_their_own_events_only() {
    let a = TestServer::start().await;
    let b_server = other_instance(&a).await;
    // On PostgreSQL the streams are on another instance than the tasks: routed on arrival.
    let b = b_server.as_ref().unwrap_or(&a);
    let ann = a.register("rann@example.com").await;
    let bob = a.register("rbob@example.com").await;
    media_support::grant(&a, "rann@example.com", 10).await;
    media_support::grant(&a, "rbob@example.com", 10).await;
    let (ann_id, bob_id) = (
        media_support::user_id(&a, "rann@example.com").await,
        media_support::user_id(&a, "rbob@example.com").await,
    );
    let mut ann1 = bearer_stream(b, &ann).await;
    let mut ann2 = bearer_stream(b, &ann).await;
    let mut bob1 = bearer_stream(b, &bob).await;
    let streams = state(b).tasks.streams();
    assert!(streams.has_user(ann_id) && streams.has_user(bob_id));
    let bobs = create_ok(&a, &bob, "text2image", json!({"prompt": "bob's"})).await;
    let anns = create_ok(&a, &ann, "text2image", json!({"prompt": "ann's"})).await;
    let done = |id: &str| {
        let id = id.to_owned();
        move |name: &str, d: &serde_json::Value| {
            name == "updateTask" && d["task_id"] == id.as_str() && d["status"] == "succeeded"
        }
    };
    for res in [&mut ann1, &mut ann2] {
        let seen = read_events(res, done(&anns)).await;
        assert!(seen.iter().any(|(n, _)| n == "addTask"), "{seen:?}");
        assert!(
            seen.iter().all(|(_, d)| d["task_id"] == anns.as_str()),
            "another user's event reached ann: {seen:?}"
        );
    }
    let seen = read_events(&mut bob1, done(&bobs)).await;
    assert!(
        seen.iter().all(|(_, d)| d["task_id"] == bobs.as_str()),
        "{seen:?}"
    );
    // Ann's task has ended: had any of its events reached bob's stream, they would come before
    // this marker for bob.
    state(b)
        .tasks
        .emit_local(aivg_server::tasks::hub::TaskEvent {
            user_id: bob_id,
            name: "updateTask",
            data: json!({"task_id": "marker"}),
        });
    let seen = read_events(&mut bob1, |_, d| d["task_id"] == "marker").await;
    assert_eq!(seen.len(), 1, "only the marker: {seen:?}");
    // A reload (events may have been missed) goes to every stream.
    state(b)
        .tasks
        .emit_local(aivg_server::tasks::hub::TaskEvent {
            user_id: -1,
            name: "updateList",
            data: json!({}),
        });
    for res in [&mut ann1, &mut ann2, &mut bob1] {
        read_events(res, |name, _| name == "updateList").await;
    }
}

#[tokio::test]
async fn a_users_routing_entry_goes_with_their_last_stream() {
    let s = TestServer::start().await;
    let token = s.register("last@example.com").await;
    let user = media_support::user_id(&s, "last@example.com").await;
    let tasks = state(&s).tasks.clone();
    let users_before = tasks.streams().users();
    let first = bearer_stream(&s, &token).await;
    let second = bearer_stream(&s, &token).await;
    assert!(tasks.streams().has_user(user));
    assert_eq!(tasks.streams().users(), users_before + 1);
    // The server learns that a client left when it next writes to it: events for the user.
    let nudge = || {
        tasks.emit_local(aivg_server::tasks::hub::TaskEvent {
            user_id: user,
            name: "updateTask",
            data: json!({"task_id": "nudge"}),
        });
    };
    drop(first);
    let one_left = common::poll_until(
        Duration::from_secs(30),
        Duration::from_millis(50),
        async || {
            nudge();
            (tasks.stream_count() == 1).then_some(())
        },
    )
    .await;
    assert!(one_left.is_some(), "the closed stream is let go");
    assert!(
        tasks.streams().has_user(user),
        "the other stream keeps the entry"
    );
    drop(second);
    let gone = common::poll_until(
        Duration::from_secs(30),
        Duration::from_millis(50),
        async || {
            nudge();
            (!tasks.streams().has_user(user)).then_some(())
        },
    )
    .await;
    assert!(gone.is_some(), "the entry outlived the user's last stream");
    assert_eq!(tasks.streams().users(), users_before);
    assert_eq!(tasks.stream_count(), 0);
}

#[tokio::test]
async fn one_query_checks_the_sessions_of_many_streams() {
    // Checks run only when the test calls them.
    let s = TestServer::start_configured(|c| {
        c.tasks.stream_session_check = Duration::from_secs(3600);
    })
    .await;
    let mut tokens = Vec::new();
    for n in 0..3 {
        let email = format!("batch{n}@example.com");
        tokens.push(s.register(&email).await);
        tokens.push(login(&s, &email).await);
    }
    let mut open = Vec::new();
    for token in &tokens {
        open.push(bearer_stream(&s, token).await);
        open.push(bearer_stream(&s, token).await);
    }
    let st = state(&s);
    let streams = st.tasks.streams();
    assert_eq!(st.tasks.stream_count(), 12);
    let (r0, q0) = streams.session_check_counts();
    aivg_server::tasks::events::check_sessions(st).await;
    let (r1, q1) = streams.session_check_counts();
    assert_eq!(
        (r1 - r0, q1 - q0),
        (1, 1),
        "12 streams, 6 sessions: one query"
    );
    // More sessions than one query takes: a query per chunk, not per stream. These made-up
    // sessions are not in the database, so the check ends their streams.
    let chunk = aivg_server::tasks::events::CHECK_CHUNK;
    let made_up: Vec<_> = (0..chunk + 1)
        .map(|n| streams.subscribe(1_000_000 + n as i64, &format!("made-up-{n}")))
        .collect();
    aivg_server::tasks::events::check_sessions(st).await;
    let (r2, q2) = streams.session_check_counts();
    assert_eq!(
        (r2 - r1, q2 - q1),
        (1, 2),
        "{} sessions: two queries",
        chunk + 7
    );
    assert_eq!(streams.sessions().len(), 6, "the made-up sessions ended");
    drop(made_up);
    assert_eq!(streams.users(), 3);
    // The real sessions' streams are still open and get their events.
    assert_eq!(st.tasks.stream_count(), 12);
}

#[tokio::test]
async fn a_session_ended_elsewhere_ends_its_streams_only() {
    let a = TestServer::start().await;
    let b_server = other_instance(&a).await;
    // On PostgreSQL the streams are on another instance than the log-out.
    let b = b_server.as_ref().unwrap_or(&a);
    let first = a.register("twice@example.com").await;
    let second = login(&a, "twice@example.com").await;
    let user = media_support::user_id(&a, "twice@example.com").await;
    let mut gone1 = bearer_stream(b, &first).await;
    let mut gone2 = bearer_stream(b, &first).await;
    let mut kept = bearer_stream(b, &second).await;
    let (status, _) = a.post("/v1/logout", Some(&first), json!({})).await;
    assert_eq!(status, 200);
    assert!(ends(&mut gone1).await, "a stream outlived its session");
    assert!(ends(&mut gone2).await, "a stream outlived its session");
    // The other session's stream is open and still gets the user's events.
    state(b)
        .tasks
        .emit_local(aivg_server::tasks::hub::TaskEvent {
            user_id: user,
            name: "updateTask",
            data: json!({"task_id": "still-here"}),
        });
    read_events(&mut kept, |_, d| d["task_id"] == "still-here").await;
    // A session revoked straight in the database (an account disabled by an admin on any
    // instance) ends its stream too.
    sqlx::query("UPDATE tokens SET revoked = 1 WHERE user_id = $1")
        .bind(user)
        .execute(&state(&a).db.pool)
        .await
        .unwrap();
    assert!(ends(&mut kept).await, "the revoked session's stream ended");
}
