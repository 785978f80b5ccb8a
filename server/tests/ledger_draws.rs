//! The ledger's draws on the database alone (SQLite, or `DATABASE_URL`): which grants a spend
//! and a take-back draw from, and how much from each (the module doc of `ledger.rs`: soonest
//! expiry first, indefinite credits last, oldest first among equals; a take-back starts with the
//! purchase's own grants), and that a refund gives back to the very grants a spend drew from.
#![allow(clippy::unwrap_used)]

use crate::common;

use aivg_server::ledger::{self, Entry, LedgerError};
use common::db_with_user;
use sqlx::AnyConnection;

const DAY: i64 = 86_400;

fn entry<'a>(
    user_id: i64,
    credits: i64,
    now: i64,
    expire_time: i64,
    reference: &'a str,
) -> Entry<'a> {
    Entry {
        user_id,
        reason: "test",
        details: "Test",
        credits,
        date: now,
        expire_time,
        reference,
    }
}

/// `(grant id, credits)` of an entry's allocations, by grant id.
async fn allocations(conn: &mut AnyConnection, entry_id: i64) -> Vec<(i64, i64)> {
    sqlx::query_as(
        "SELECT grant_id, credits FROM credit_allocations WHERE entry_id = $1 ORDER BY grant_id",
    )
    .bind(entry_id)
    .fetch_all(conn)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_spend_draws_the_soonest_expiring_grants_first_and_a_refund_gives_them_back() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db, user, _) = db_with_user(dir.path()).await;
    let now = aivg_server::clock::now_s();
    let mut tx = db.pool.begin().await.unwrap();
    ledger::lock_user(&mut tx, user).await.unwrap();
    let forever = ledger::grant(&mut tx, &entry(user, 50, now, 0, ""))
        .await
        .unwrap();
    let in_ten = ledger::grant(&mut tx, &entry(user, 100, now, now + 10 * DAY, ""))
        .await
        .unwrap();
    let in_five = ledger::grant(&mut tx, &entry(user, 30, now, now + 5 * DAY, ""))
        .await
        .unwrap();
    let expired = ledger::grant(&mut tx, &entry(user, 20, now - 2 * DAY, now - DAY, ""))
        .await
        .unwrap();
    let forever_too = ledger::grant(&mut tx, &entry(user, 40, now, 0, ""))
        .await
        .unwrap();
    assert_eq!(
        ledger::balance(&mut tx, user, now).await.unwrap(),
        220,
        "the expired grant does not count"
    );

    // 150: all 30 expiring in five days, all 100 in ten, then 20 of the older indefinite grant.
    let spent = ledger::spend(&mut tx, &entry(user, 150, now, 0, "t1"))
        .await
        .unwrap();
    let mut want = vec![(forever, 20), (in_ten, 100), (in_five, 30)];
    want.sort_unstable();
    assert_eq!(allocations(&mut tx, spent).await, want);
    assert_eq!(ledger::balance(&mut tx, user, now).await.unwrap(), 70);

    // 60 more: the 30 left of the first indefinite grant, then 30 of the second; nothing of the
    // expired one.
    let (available, _) = ledger::lock_user_reading(&mut tx, user, now, "SELECT 0")
        .await
        .unwrap();
    assert_eq!(available, 70);
    let second = ledger::spend_from(&mut tx, &entry(user, 60, now, 0, "t2"), available)
        .await
        .unwrap();
    assert_eq!(
        allocations(&mut tx, second).await,
        vec![(forever, 30), (forever_too, 30)]
    );
    assert_eq!(ledger::balance(&mut tx, user, now).await.unwrap(), 10);
    let refused = ledger::spend(&mut tx, &entry(user, 11, now, 0, "t3"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            refused,
            LedgerError::Insufficient {
                needed: 11,
                available: 10
            }
        ),
        "{refused:?}"
    );

    // The refund of the first spend restores each grant it drew from.
    ledger::refund(&mut tx, spent, "Refund", now).await.unwrap();
    assert_eq!(ledger::balance(&mut tx, user, now).await.unwrap(), 160);
    // Spent again, the restored credits go out in the same order: 30, then 100.
    let after = ledger::spend(&mut tx, &entry(user, 130, now, 0, "t4"))
        .await
        .unwrap();
    assert_eq!(
        allocations(&mut tx, after).await,
        vec![(in_ten, 100), (in_five, 30)]
    );
    let from_expired: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM credit_allocations WHERE grant_id = $1")
            .bind(expired)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    assert_eq!(
        from_expired, 0,
        "nothing is ever drawn from an expired grant"
    );
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn a_take_back_starts_with_the_purchase_and_never_goes_below_zero() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db, user, _) = db_with_user(dir.path()).await;
    let now = aivg_server::clock::now_s();
    let mut tx = db.pool.begin().await.unwrap();
    ledger::lock_user(&mut tx, user).await.unwrap();
    let soon = ledger::grant(&mut tx, &entry(user, 40, now, now + DAY, ""))
        .await
        .unwrap();
    let bought = ledger::grant(&mut tx, &entry(user, 100, now, 0, "trade-1"))
        .await
        .unwrap();
    let other = ledger::grant(&mut tx, &entry(user, 25, now, 0, ""))
        .await
        .unwrap();

    // The purchase's own 100 first, then the rest in spending order (the grant expiring soonest).
    let taken = ledger::take_back(&mut tx, &entry(user, 120, now, 0, "trade-1"))
        .await
        .unwrap();
    assert_eq!(taken, 120);
    let entry_id: i64 = sqlx::query_scalar(
        "SELECT MAX(id) FROM credit_entries WHERE user_id = $1 AND type = 'Consumption'",
    )
    .bind(user)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    assert_eq!(
        allocations(&mut tx, entry_id).await,
        vec![(soon, 20), (bought, 100)]
    );

    // Asking for more than is left takes what is left, and nothing once the balance is zero.
    let taken = ledger::take_back(&mut tx, &entry(user, 500, now, 0, "trade-1"))
        .await
        .unwrap();
    assert_eq!(taken, 45);
    assert_eq!(ledger::balance(&mut tx, user, now).await.unwrap(), 0);
    assert_eq!(
        ledger::take_back(&mut tx, &entry(user, 5, now, 0, "trade-1"))
            .await
            .unwrap(),
        0
    );
    let left: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(credits), 0) AS BIGINT) FROM credit_allocations WHERE grant_id = $1",
    )
    .bind(other)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    assert_eq!(left, 25, "the last take-back emptied the other grant");
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn the_lock_reads_the_balance_and_the_callers_scalar() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db, user, _) = db_with_user(dir.path()).await;
    let now = aivg_server::clock::now_s();
    let mut tx = db.pool.begin().await.unwrap();
    ledger::lock_user(&mut tx, user).await.unwrap();
    ledger::grant(&mut tx, &entry(user, 7, now, 0, ""))
        .await
        .unwrap();
    let (balance, also) = ledger::lock_user_reading(
        &mut tx,
        user,
        now,
        "SELECT COUNT(*) FROM credit_entries WHERE user_id = $1",
    )
    .await
    .unwrap();
    assert_eq!((balance, also), (7, 1));
    let version: i64 = sqlx::query_scalar("SELECT ledger_version FROM users WHERE id = $1")
        .bind(user)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(version, 2, "both calls took the lock");
    tx.commit().await.unwrap();
}
