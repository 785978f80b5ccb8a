//! The domain logic on the database alone, with no server and no request: the daily check-in
//! (docs/behaviour/credits-and-checkin.md#daily-check-in;
//! docs/behaviour/tasks-and-queue.md#task-states), the task lifecycle's charge and refund and the
//! user info (docs/behaviour/accounts-and-sessions.md#accounts) take the pool and the parts they
//! need, not the application state.
#![allow(clippy::unwrap_used)]

use crate::common;

use aivg_server::checkin::daily::{self, Claim};
use aivg_server::db::Db;
use aivg_server::ledger::{self, Entry};
use aivg_server::tasks::hub::Tasks;
use aivg_server::tasks::lifecycle::{self, CreateError, Deps, NewTask};
use aivg_server::uploads::storage::Files;
use common::db_with_user;
use serde_json::json;

/// Grants `credits` to `user_id` straight in the ledger.
async fn grant(db: &Db, user_id: i64, credits: i64) {
    let mut conn = db.pool.acquire().await.unwrap();
    let grant = Entry {
        user_id,
        reason: "test",
        details: "Test grant",
        credits,
        date: aivg_server::clock::now_s(),
        expire_time: 0,
        reference: "",
    };
    ledger::grant(&mut conn, &grant).await.unwrap();
}

/// A text-to-music task of `user_id` (public id `uid`) costing `credits`.
fn music_task<'a>(
    user_id: i64,
    uid: &'a str,
    data: &'a serde_json::Value,
    credits: i64,
) -> NewTask<'a> {
    NewTask {
        user_id,
        uid,
        module_code: "txt2Music",
        list_module: "txt2Music",
        title: "Text to music",
        credits,
        data,
        user_data: &serde_json::Value::Null,
        retry_of: "",
        finished: None,
        media_seconds: None,
        plan_level: None,
        callback_url: "",
        callback_key: 0,
        also: None,
    }
}

async fn balance(db: &Db, user_id: i64) -> i64 {
    let mut conn = db.pool.acquire().await.unwrap();
    ledger::balance(&mut conn, user_id, aivg_server::clock::now_s())
        .await
        .unwrap()
}

#[tokio::test]
async fn the_check_in_claims_once_per_cycle_on_the_pool_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db, user, _) = db_with_user(dir.path()).await;
    let now = aivg_server::clock::now_ms();
    let before = daily::status(&db.pool, user, now).await.unwrap();
    assert!(!before.claimed);
    let reward = i64::from(before.reward);
    assert!(reward > 0);
    assert_eq!(
        daily::claim(&db, user, now).await.unwrap(),
        Claim::Granted(reward)
    );
    assert_eq!(
        daily::claim(&db, user, now).await.unwrap(),
        Claim::AlreadyClaimed
    );
    assert!(daily::status(&db.pool, user, now).await.unwrap().claimed);
    assert_eq!(balance(&db, user).await, reward);
    // The next cycle opens a new claim.
    #[allow(clippy::cast_possible_truncation)]
    let next = before.next_cycle_at as i64;
    assert!(next > now);
    assert_eq!(
        daily::claim(&db, user, next).await.unwrap(),
        Claim::Granted(reward)
    );
    assert_eq!(balance(&db, user).await, 2 * reward);
}

#[tokio::test]
async fn a_task_is_charged_refused_and_refunded_without_a_server() {
    let dir = tempfile::tempdir().unwrap();
    let (cfg, db, user, uid) = db_with_user(dir.path()).await;
    let (tasks, files) = (
        Tasks::new(&cfg),
        Files::new(&cfg, b"a secret of the test only"),
    );
    let deps = Deps {
        pool: &db.pool,
        backend: db.backend,
        gate: &db.write_gate,
        tasks: &tasks,
        files: &files,
        infos: &aivg_server::accounts::user_infos::UserInfos::new(std::time::Duration::ZERO),
    };
    let data = json!({ "prompt": "a lighthouse" });
    let task = |credits| music_task(user, &uid, &data, credits);
    // No credits yet: refused with the domain's reason, nothing written.
    let refused = lifecycle::create(deps, &task(4)).await.unwrap_err();
    assert!(
        matches!(
            refused,
            CreateError::Insufficient {
                needed: 4,
                available: 0
            }
        ),
        "{refused:?}"
    );
    grant(&db, user, 10).await;
    let created = lifecycle::create(deps, &task(4)).await.unwrap();
    assert_eq!(created.row.status, "queued");
    assert_eq!(created.queue_position, 1);
    assert_eq!(balance(&db, user).await, 6);
    // Failing it refunds the charge, once.
    let from = ["queued", "queued"];
    let ended = lifecycle::end_with_refund(&db.pool, &created.row, from, "failed", "test")
        .await
        .unwrap();
    assert!(ended);
    assert_eq!(balance(&db, user).await, 10);
    let again = lifecycle::end_with_refund(&db.pool, &created.row, from, "failed", "test")
        .await
        .unwrap();
    assert!(!again, "an ended task is not ended twice");
    assert_eq!(balance(&db, user).await, 10);
}

#[tokio::test]
async fn a_recovered_tasks_refund_forgets_its_users_kept_info() {
    let dir = tempfile::tempdir().unwrap();
    let (cfg, db, user, uid) = db_with_user(dir.path()).await;
    let (tasks, files) = (
        Tasks::new(&cfg),
        Files::new(&cfg, b"a secret of the test only"),
    );
    let infos =
        aivg_server::accounts::user_infos::UserInfos::new(std::time::Duration::from_secs(60));
    let deps = Deps {
        pool: &db.pool,
        backend: db.backend,
        gate: &db.write_gate,
        tasks: &tasks,
        files: &files,
        infos: &infos,
    };
    grant(&db, user, 10).await;
    let data = json!({ "prompt": "lost" });
    let created = lifecycle::create(deps, &music_task(user, &uid, &data, 4))
        .await
        .unwrap();
    // Its instance died for the last time it may: the next recovery fails and refunds it.
    sqlx::query(
        "UPDATE tasks SET status = 'running', owner = 'i-dead', heartbeat_ms = 0, attempts = $1 WHERE task_id = $2",
    )
    .bind(aivg_server::tasks::recovery::MAX_CLAIMS)
    .bind(&created.row.task_id)
    .execute(&db.pool)
    .await
    .unwrap();
    let stamp = infos.stamp(user);
    let kept = aivg_server::accounts::users::info(&db.pool, user)
        .await
        .unwrap();
    assert_eq!(kept.integral.integral, 6);
    infos.keep(user, stamp, kept);
    assert!(infos.get(user).is_some());
    let (requeued, failed) = aivg_server::tasks::recovery::recover(deps, Some(1_000))
        .await
        .unwrap();
    assert_eq!((requeued, failed), (0, 1));
    assert_eq!(balance(&db, user).await, 10);
    // No request of the user made that refund: the kept info is gone, so the next call reads it.
    assert!(infos.get(user).is_none());
}

#[tokio::test]
async fn the_user_info_is_read_on_the_pool_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db, user, uid) = db_with_user(dir.path()).await;
    let claimed = daily::claim(&db, user, aivg_server::clock::now_ms())
        .await
        .unwrap();
    let Claim::Granted(reward) = claimed else {
        panic!("{claimed:?}")
    };
    let info = aivg_server::accounts::users::info(&db.pool, user)
        .await
        .unwrap();
    assert_eq!(info.uid, uid);
    assert_eq!(info.integral.integral, reward);
    assert_eq!(info.verify.level, "free");
    assert!(info.subscribe.is_empty());
    let gone = aivg_server::accounts::users::info(&db.pool, user + 1_000_000).await;
    assert!(gone.is_err(), "an unknown user is refused");
}
