//! The daily check-in without HTTP (docs/behaviour/credits-and-checkin.md#daily-check-in): what a
//! user may claim in the cycle of a time, and the claim itself, on the database pool alone. Cycle
//! math and rewards come from core, so the server and the browser agree on when a cycle starts; the
//! `(user, cycle)` key of `checkins` makes a second claim in one cycle impossible, even for
//! concurrent requests.

use crate::db::Db;
use crate::ledger::{self, Entry};
use aivg_core::checkin::{checkin_cycle_id, checkin_reward, next_checkin_cycle};
use aivg_core::session::effective_plan;
use sqlx::AnyPool;

/// Why a check-in call could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum CheckinError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// A time core's cycle math refuses (not a valid epoch time).
    #[error("check-in cycle: {0}")]
    Cycle(String),
}

/// A user's check-in in the cycle of a time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Status {
    /// Already claimed in this cycle.
    pub claimed: bool,
    /// What a claim grants (or granted) at the user's effective level.
    pub reward: u32,
    /// When the next cycle opens, epoch ms.
    pub next_cycle_at: f64,
}

/// The outcome of a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Granted this many credits.
    Granted(i64),
    /// This cycle was claimed before: nothing granted.
    AlreadyClaimed,
}

/// The cycle id of a time in ms, through core.
pub fn cycle_of(now_ms: i64) -> Result<i64, CheckinError> {
    #[allow(clippy::cast_precision_loss)] // epoch ms < 2^53
    checkin_cycle_id(now_ms as f64).map_err(|e| CheckinError::Cycle(e.to_string()))
}

/// The reward of the user's effective level (core's `effective_plan`: paid levels count only
/// while unexpired).
async fn reward_for(pool: &AnyPool, user_id: i64, now_s: i64) -> Result<u32, CheckinError> {
    let mut conn = pool.acquire().await?;
    let level = crate::store::subscriptions::effective_level(&mut conn, user_id, now_s).await?;
    Ok(checkin_reward(level))
}

/// What the status reads of a user: the stored plan and this cycle's check-in, if any.
#[derive(sqlx::FromRow)]
struct StatusRow {
    verify_level: String,
    verify_expired_time: i64,
    claimed: Option<i64>,
}

/// The user's check-in state at `now_ms`: one statement (the plan for the reward and the cycle's
/// row), as this call is polled by every signed-in page.
pub async fn status(pool: &AnyPool, user_id: i64, now_ms: i64) -> Result<Status, CheckinError> {
    let cycle = cycle_of(now_ms)?;
    let row: StatusRow = sqlx::query_as(
        "SELECT verify_level, verify_expired_time,
           (SELECT credits FROM checkins WHERE user_id = $1 AND cycle_id = $2) AS claimed
         FROM users WHERE id = $1",
    )
    .bind(user_id)
    .bind(cycle)
    .fetch_one(pool)
    .await?;
    let plan = effective_plan(&row.verify_level, row.verify_expired_time, now_ms / 1000);
    #[allow(clippy::cast_precision_loss)]
    let next_cycle_at =
        next_checkin_cycle(now_ms as f64).map_err(|e| CheckinError::Cycle(e.to_string()))?;
    Ok(Status {
        claimed: row.claimed.is_some(),
        reward: checkin_reward(plan.level),
        next_cycle_at,
    })
}

/// Claims the cycle of `now_ms` for the user: one grant per user and cycle, written with the
/// check-in row in one transaction under the user's ledger lock, taken in turn at SQLite's
/// write queue ([`crate::db::WriteGate`]).
pub async fn claim(db: &Db, user_id: i64, now_ms: i64) -> Result<Claim, CheckinError> {
    let pool = &db.pool;
    let now_s = now_ms / 1000;
    let cycle = cycle_of(now_ms)?;
    let reward = i64::from(reward_for(pool, user_id, now_s).await?);
    let _turn = db.write_gate.enter(user_id).await;
    let mut tx = crate::db::begin_write(pool).await?;
    ledger::lock_user(&mut tx, user_id).await?;
    let inserted = sqlx::query(
        "INSERT INTO checkins (user_id, cycle_id, credits, created_ms) VALUES ($1, $2, $3, $4)",
    )
    .bind(user_id)
    .bind(cycle)
    .bind(reward)
    .bind(now_ms)
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(_) => {}
        Err(e) if crate::db::is_unique_violation(&e) => return Ok(Claim::AlreadyClaimed),
        Err(e) => return Err(e.into()),
    }
    let entry = Entry {
        user_id,
        reason: "checkin",
        details: "Daily check-in",
        credits: reward,
        date: now_s,
        expire_time: 0,
        reference: "",
    };
    ledger::grant(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(Claim::Granted(reward))
}
