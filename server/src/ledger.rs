//! The credits ledger: every change of a user's credits is a row of `credit_entries`; the balance
//! is derived, never stored.
//!
//! - An Acquisition row is a grant (sign-up, check-in, purchase, subscription month) with an
//!   optional expiry (`expire_time`, epoch seconds, 0 = valid indefinitely;
//!   docs/behaviour/credits-and-checkin.md#the-ledger).
//! - A Consumption row is a spend; `credit_allocations` records which grants it drew from,
//!   soonest-expiring first, so expiry is honoured exactly: a grant's remaining credits are its
//!   amount minus its allocations, and only unexpired grants count toward the balance.
//! - A refund is an Acquisition row pointing at the consumption (`refund_of`, unique: at most
//!   once) plus negative allocations giving the credits back to the very grants they came from.
//!   A grant that has expired meanwhile stays expired: a refund restores what was spent, it does
//!   not extend validity.
//!
//! SQL note: PostgreSQL sums BIGINT as NUMERIC, which the `Any` driver cannot read, so sums are
//! cast back to BIGINT.
//!
//! Concurrency: every writer first bumps `users.ledger_version` inside its transaction. That
//! takes the user's row lock on PostgreSQL and the write lock on SQLite before anything is read,
//! so two spends of one user run one after the other and can never overdraw.

use sqlx::{AnyConnection, FromRow};

/// Why a spend was refused.
#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    #[error("not enough credits: {needed} needed, {available} available")]
    Insufficient { needed: i64, available: i64 },
    #[error("this consumption was already refunded")]
    AlreadyRefunded,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Takes the user's ledger lock for the rest of the transaction (see the module doc).
pub async fn lock_user(conn: &mut AnyConnection, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET ledger_version = ledger_version + 1 WHERE id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Takes the user's ledger lock (like [`lock_user`]) and reads under it the user's balance at
/// `now` (epoch seconds) and one more scalar of the caller's, `also` (an SQL scalar expression
/// in which `$1` is the user): answers `(balance, also)`.
///
/// One statement on SQLite (`UPDATE … RETURNING` with the reads as subqueries: the write lock
/// is taken before the statement reads anything, so what it returns is what the lock protects),
/// which is one hand-off to the connection's thread fewer inside the write lock. On PostgreSQL
/// the reads stay a second statement: there a statement that waited for a row lock still reads
/// its subqueries from the snapshot it started with, before the other writer's commit, and the
/// balance could then be one that writer already spent.
pub async fn lock_user_reading(
    conn: &mut AnyConnection,
    user_id: i64,
    now: i64,
    also: &str,
) -> Result<(i64, i64), sqlx::Error> {
    let reads = format!("{}, CAST(({also}) AS BIGINT)", balance_sql!());
    if conn.backend_name() == "SQLite" {
        let sql = format!(
            "UPDATE users SET ledger_version = ledger_version + 1 WHERE id = $1 RETURNING {reads}"
        );
        return sqlx::query_as(&sql)
            .bind(user_id)
            .bind(now)
            .fetch_one(conn)
            .await;
    }
    lock_user(&mut *conn, user_id).await?;
    sqlx::query_as(&format!("SELECT {reads}"))
        .bind(user_id)
        .bind(now)
        .fetch_one(conn)
        .await
}

/// A new entry of the ledger.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub user_id: i64,
    pub reason: &'a str,
    pub details: &'a str,
    pub credits: i64,
    /// Epoch seconds.
    pub date: i64,
    /// Epoch seconds; 0 = valid indefinitely.
    pub expire_time: i64,
    pub reference: &'a str,
}

/// Adds a grant; call inside a transaction after [`lock_user`]. Returns the entry id.
pub async fn grant(conn: &mut AnyConnection, e: &Entry<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO credit_entries (user_id, type, reason, details, credits, date, expire_time, status, ref)
         VALUES ($1, 'Acquisition', $2, $3, $4, $5, $6, 1, $7) RETURNING id",
    )
    .bind(e.user_id)
    .bind(e.reason)
    .bind(e.details)
    .bind(e.credits)
    .bind(e.date)
    .bind(e.expire_time)
    .bind(e.reference)
    .fetch_one(conn)
    .await
}

/// The rows of the grants with credits left at `$2` (epoch seconds) of the user `$1`: `id`,
/// `expire_time`, `ref` and `remaining` (amount minus allocations; zero or less is filtered by
/// the readers). Unordered.
macro_rules! open_grant_rows {
    () => {
        "SELECT g.id, g.expire_time, g.ref, CAST(g.credits - COALESCE((SELECT SUM(a.credits) FROM credit_allocations a WHERE a.grant_id = g.id), 0) AS BIGINT) AS remaining
         FROM credit_entries g
         WHERE g.user_id = $1 AND g.type = 'Acquisition' AND g.refund_of IS NULL AND g.status = 1
           AND (g.expire_time = 0 OR g.expire_time > $2)"
    };
}

/// The balance of the user `$1` at `$2` (epoch seconds) as one SQL scalar expression: the credits
/// left in the grants [`open_grant_rows`] reads. Lets a read that needs the balance beside other columns
/// (`POST /v1/user`) be one statement.
macro_rules! balance_sql {
    () => {
        concat!(
            "CAST(COALESCE((SELECT SUM(o.remaining) FROM (",
            $crate::ledger::open_grant_rows!(),
            ") o WHERE o.remaining > 0), 0) AS BIGINT)"
        )
    };
}
pub(crate) use {balance_sql, open_grant_rows};

/// The balance at `now` (epoch seconds): unexpired grants minus what was drawn from them.
pub async fn balance(conn: &mut AnyConnection, user_id: i64, now: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(concat!("SELECT ", balance_sql!()))
        .bind(user_id)
        .bind(now)
        .fetch_one(conn)
        .await
}

/// Spends `e.credits` (must be > 0); call inside a transaction after [`lock_user`].
/// Returns the consumption's entry id, or `Insufficient` leaving nothing written.
pub async fn spend(conn: &mut AnyConnection, e: &Entry<'_>) -> Result<i64, LedgerError> {
    let available = balance(&mut *conn, e.user_id, e.date).await?;
    spend_from(conn, e, available).await
}

/// [`spend`] for a caller that read the balance under the lock already
/// ([`lock_user_reading`]): two statements, the consumption and its allocations.
pub async fn spend_from(
    conn: &mut AnyConnection,
    e: &Entry<'_>,
    available: i64,
) -> Result<i64, LedgerError> {
    if available < e.credits {
        return Err(LedgerError::Insufficient {
            needed: e.credits,
            available,
        });
    }
    Ok(draw(conn, e, e.credits, SPENDING_ORDER).await?)
}

/// The order grants are drawn from: soonest-expiring first, indefinite last, oldest first among
/// equals (so expiry is honoured exactly; see the module doc).
const SPENDING_ORDER: &str = "CASE WHEN o.expire_time = 0 THEN 1 ELSE 0 END, o.expire_time, o.id";

/// Writes a consumption of `credits` (at most the balance) drawn from the open grants in
/// `order` (an SQL ORDER BY over `o.id`, `o.expire_time`, `o.ref`, where `$5` is the entry's
/// reference). The allocations are one `INSERT … SELECT`: each grant gives what it has left or
/// what is still owed after the grants before it (a running sum), whichever is less, so the
/// draw costs two statements however many grants it spans.
async fn draw(
    conn: &mut AnyConnection,
    e: &Entry<'_>,
    credits: i64,
    order: &str,
) -> Result<i64, sqlx::Error> {
    let entry_id: i64 = sqlx::query_scalar(
        "INSERT INTO credit_entries (user_id, type, reason, details, credits, date, expire_time, status, ref)
         VALUES ($1, 'Consumption', $2, $3, $4, $5, 0, 1, $6) RETURNING id",
    )
    .bind(e.user_id)
    .bind(e.reason)
    .bind(e.details)
    .bind(credits)
    .bind(e.date)
    .bind(e.reference)
    .fetch_one(&mut *conn)
    .await?;
    let sql = format!(
        "INSERT INTO credit_allocations (entry_id, grant_id, credits) {}",
        allocation_rows("$3", "$4", order, "")
    );
    sqlx::query(&sql)
        .bind(e.user_id)
        .bind(e.date)
        .bind(entry_id)
        .bind(credits)
        .bind(e.reference)
        .execute(conn)
        .await?;
    Ok(entry_id)
}

/// The allocations of a draw as a `SELECT` of `(entry, grant, credits)` rows: `entry` and
/// `credits` are SQL expressions (the consumption's id, what it draws), `order` as in [`draw`],
/// `also` more `FROM` items (`, spent s`) for the expressions to read. Each grant gives what it has
/// left or what is still owed after the grants before it (a running sum), whichever is less.
fn allocation_rows(entry: &str, credits: &str, order: &str, also: &str) -> String {
    format!(
        concat!(
            "SELECT {entry}, d.id, CASE WHEN d.remaining < {credits} - d.before THEN d.remaining ELSE {credits} - d.before END
             FROM (SELECT o.id, o.remaining,
                          CAST(COALESCE(SUM(o.remaining) OVER (ORDER BY {order} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS BIGINT) AS before
                   FROM (",
            open_grant_rows!(),
            ") o WHERE o.remaining > 0) d{also}
             WHERE d.before < {credits}"
        ),
        entry = entry,
        credits = credits,
        order = order,
        also = also,
    )
}

/// The ledger lock of a single PostgreSQL statement that reads the ledger and writes to it
/// outside a transaction of its own (`WITH` clauses, `$1` is the user): `seen` is the user's
/// `ledger_version` in the statement's snapshot, and `locked` has the user's row when the bump
/// of [`lock_user`] found that version still current. Why this is enough: every ledger writer
/// bumps the version first (the module doc), and a statement that waits for the row lock
/// re-checks the condition on the row as the other writer committed it, so `locked` is empty
/// exactly when a writer committed after the snapshot; the statement's other reads come from that
/// snapshot, so they are current whenever `locked` has the row. Writes must be conditioned on
/// `locked`; a statement whose `locked` came back empty wrote nothing and goes the locking way
/// ([`lock_user`] in a transaction) instead.
pub(crate) const OPTIMISTIC_LOCK: &str = "seen AS (SELECT ledger_version FROM users WHERE id = $1),
     locked AS (UPDATE users SET ledger_version = ledger_version + 1
                WHERE id = $1 AND ledger_version = (SELECT ledger_version FROM seen) RETURNING id)";

/// The `WITH` clauses of a spend inside one PostgreSQL statement (`$1` the user, `$2` now in
/// epoch seconds, the rest SQL expressions): `spent`, a consumption of `credits` written for each
/// row of `gate` (a `FROM` source of at most one row, which must hold only when the balance
/// covers `credits` and the ledger is locked, see [`OPTIMISTIC_LOCK`]), and `drawn`, its
/// allocations in [`SPENDING_ORDER`]. A data-modifying `WITH` does not see its own writes, so the
/// grants are read as the statement found them, like [`draw`]'s after [`lock_user`].
pub(crate) fn spend_clauses(
    gate: &str,
    reason: &str,
    details: &str,
    credits: &str,
    reference: &str,
) -> String {
    format!(
        "spent AS (INSERT INTO credit_entries (user_id, type, reason, details, credits, date, expire_time, status, ref)
                   SELECT $1, 'Consumption', {reason}, {details}, {credits}, $2, 0, 1, {reference} FROM {gate}
                   RETURNING id),
         drawn AS (INSERT INTO credit_allocations (entry_id, grant_id, credits) {rows})",
        rows = allocation_rows("s.id", credits, SPENDING_ORDER, ", spent s"),
    )
}

/// Takes back up to `e.credits` of a purchase whose money went back (refund, dispute): first
/// what is left of the purchase's own grants (`e.reference` is its trade id), then other
/// unexpired credits in spending order, but never more than the balance: the ledger has no
/// negative balance, so credits already spent stay spent. Returns the credits taken (0 writes
/// nothing). Call inside a transaction after [`lock_user`].
pub async fn take_back(conn: &mut AnyConnection, e: &Entry<'_>) -> Result<i64, sqlx::Error> {
    let available = balance(&mut *conn, e.user_id, e.date).await?;
    let credits = e.credits.min(available);
    if credits <= 0 {
        return Ok(0);
    }
    // The purchase's own grants first, the rest in their spending order.
    let order = format!("CASE WHEN o.ref = $5 THEN 0 ELSE 1 END, {SPENDING_ORDER}");
    draw(conn, e, credits, &order).await?;
    Ok(credits)
}

async fn allocate(
    conn: &mut AnyConnection,
    entry_id: i64,
    grant_id: i64,
    credits: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO credit_allocations (entry_id, grant_id, credits) VALUES ($1, $2, $3)")
        .bind(entry_id)
        .bind(grant_id)
        .bind(credits)
        .execute(conn)
        .await?;
    Ok(())
}

/// Gives a consumption's credits back to the grants they came from; call inside a transaction
/// after [`lock_user`]. A second refund of the same consumption is refused by the unique index.
pub async fn refund(
    conn: &mut AnyConnection,
    consumption_id: i64,
    details: &str,
    now: i64,
) -> Result<i64, LedgerError> {
    refund_part(conn, consumption_id, i64::MAX, details, now).await
}

/// The consumption a refund gives back.
#[derive(FromRow)]
struct Consumption {
    user_id: i64,
    credits: i64,
    /// Its `ref` (a task id, a trade id).
    reference: String,
}

/// Credits a consumption drew from one grant.
#[derive(FromRow)]
struct Allocation {
    grant_id: i64,
    credits: i64,
}

/// Gives `credits` of a consumption back (at most what it spent; a cancelled task's share, see
/// `aivg_core::credits::cancel_refund`), to the grants it drew from, the longest-lived first
/// (credits valid indefinitely, then the latest expiry), so the user keeps the most durable
/// credits. Once per consumption, like [`refund`]; call inside a transaction after [`lock_user`].
pub async fn refund_part(
    conn: &mut AnyConnection,
    consumption_id: i64,
    credits: i64,
    details: &str,
    now: i64,
) -> Result<i64, LedgerError> {
    let spent: Consumption = sqlx::query_as(
        "SELECT user_id, credits, ref AS reference FROM credit_entries WHERE id = $1 AND type = 'Consumption'",
    )
    .bind(consumption_id)
    .fetch_one(&mut *conn)
    .await?;
    let amount = credits.clamp(0, spent.credits);
    let inserted = sqlx::query_scalar(
        "INSERT INTO credit_entries (user_id, type, reason, details, credits, date, expire_time, status, ref, refund_of)
         VALUES ($1, 'Acquisition', 'refund', $2, $3, $4, 0, 1, $5, $6) RETURNING id",
    )
    .bind(spent.user_id)
    .bind(details)
    .bind(amount)
    .bind(now)
    .bind(&spent.reference)
    .bind(consumption_id)
    .fetch_one(&mut *conn)
    .await;
    let refund_id: i64 = match inserted {
        Ok(id) => id,
        Err(e) if crate::db::is_unique_violation(&e) => return Err(LedgerError::AlreadyRefunded),
        Err(e) => return Err(e.into()),
    };
    let allocations: Vec<Allocation> = sqlx::query_as(
        "SELECT a.grant_id, a.credits FROM credit_allocations a JOIN credit_entries g ON g.id = a.grant_id
         WHERE a.entry_id = $1
         ORDER BY CASE WHEN g.expire_time = 0 THEN 0 ELSE 1 END, g.expire_time DESC, g.id DESC",
    )
    .bind(consumption_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut left = amount;
    for a in allocations {
        if left == 0 {
            break;
        }
        let back = a.credits.min(left);
        allocate(conn, refund_id, a.grant_id, -back).await?;
        left -= back;
    }
    Ok(refund_id)
}
