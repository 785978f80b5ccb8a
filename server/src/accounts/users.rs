//! The user info answer of `POST /v1/user` (docs/behaviour/accounts-and-sessions.md#accounts), in
//! core's `UserInfo` wire shape.

use crate::api::ApiError;
use crate::clock;
use crate::ledger;
use aivg_core::session::{Integral, UserInfo, Verify, effective_plan};
use sqlx::{AnyPool, FromRow};

/// The user row the info is built from.
#[derive(FromRow)]
struct UserRow {
    uid: String,
    email: String,
    nickname: String,
    created_at: i64,
    verify_level: String,
    verify_expired_time: i64,
    is_free_trial: i64,
    /// Credits left ([`ledger::balance_sql`]).
    balance: i64,
    /// How many subscriptions the user has: the list is read only when there are some.
    subscriptions: i64,
}

/// Builds the user info of one user: identity, plan (`verify`), balance (`integral.integral`),
/// subscriptions. The level is core's `effective_plan` (an expired paid plan reads `free`, expired).
/// One statement for the user row and the balance; the subscriptions, which most users do not
/// have, a second one only when the row counts some (the busiest signed-in call: each statement is
/// a hand-off to the database and back).
pub async fn info(pool: &AnyPool, user_id: i64) -> Result<UserInfo, ApiError> {
    let now = clock::now_s();
    let mut conn = pool.acquire().await?;
    let row: UserRow = sqlx::query_as(concat!(
        "SELECT uid, email, nickname, created_at, verify_level, verify_expired_time, is_free_trial, ",
        ledger::balance_sql!(),
        " AS balance, (SELECT COUNT(*) FROM subscriptions s WHERE s.user_id = $1) AS subscriptions
         FROM users WHERE id = $1",
    ))
    .bind(user_id)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(|| ApiError::logged_out("please log in again: this account no longer exists"))?;
    let balance = row.balance;
    let subscribe = if row.subscriptions > 0 {
        crate::store::subscriptions::list(&mut conn, user_id, now).await?
    } else {
        Vec::new()
    };
    let expired_time = row.verify_expired_time;
    let plan = effective_plan(&row.verify_level, expired_time, now);
    Ok(UserInfo {
        uid: row.uid,
        nickname: row.nickname,
        firstname: String::new(),
        lastname: String::new(),
        email: row.email,
        avatar: String::new(),
        verify: Verify {
            level: plan.level.to_owned(),
            expired_time,
            is_expired: plan.is_expired,
        },
        integral: Integral { integral: balance },
        subscribe,
        is_free_trial: row.is_free_trial != 0,
        created_at: row.created_at,
    })
}
