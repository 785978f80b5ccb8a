//! `GET /v1/ai/events`: server-sent events with the changes of the user's tasks, so pages need
//! not poll. Authentication is the usual Bearer header or, because `EventSource` cannot set
//! headers, `?ticket=` from `POST /v1/ai/events/ticket`: single use, valid 60 s, so the access
//! token never travels in a URL (where logs and history keep it). A ticket opens no stream once
//! its session has logged out or expired; an open stream ends when that happens, and when the
//! server stops. The sessions of all open streams are checked together: one query per
//! `AIVG_STREAM_CHECK_S` (default 15 s) for up to [`CHECK_CHUNK`] sessions ([`check_sessions`]),
//! not one per stream.
//!
//! Events (names from docs/behaviour/tasks-and-queue.md#the-queue queue events): `updateList` first
//! (and again whenever another instance's events may have been missed: reload the list), then
//! `addTask`, `updateTask` (status and progress), `retryTask` (`{task_id, retry_of}`) and `delTask`
//! (`{task_id}`); the data of the others is the task's state (`record::event_view`: the task of
//! `record.rs` without `data` and `user_data`, with its `prompt`). A comment line every 15 s keeps
//! proxies from closing the stream; each stream's first one comes at a random moment of its first
//! 15 s, so the keep-alives of streams opened together (a reconnecting crowd, a load test) are
//! spread over the interval instead of all falling due at one instant, where a user's own event
//! would queue behind thousands of writes (docs/performance.md, open event streams).
//!
//! Events are routed by user (`streams.rs`): a stream is woken only by its own user's events (and
//! by a reload for everyone). Memory is bounded: a stream's queue holds at most
//! [`super::hub::EVENT_RING`] events, and a stream that falls that far behind (a stalled
//! connection) is dropped: it ends, and the client opens a new one and reloads.

use super::streams::Subscription;
use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::params::ApiQuery;
use crate::state::AppState;
use axum::extract::{FromRequestParts, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, Sse};
use futures_util::Stream;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

/// How long a ticket may wait before it is used.
pub const TICKET_TTL_MS: i64 = 60_000;
/// Sessions checked by one query (SQLite takes up to 32,766 parameters, PostgreSQL 65,535).
pub const CHECK_CHUNK: usize = 1000;

/// `?ticket=` of the events call.
#[derive(Debug, Deserialize)]
pub struct TicketQuery {
    #[serde(default)]
    pub ticket: Option<String>,
}

/// The answer of `POST /v1/ai/events/ticket`.
#[derive(Debug, Serialize)]
pub struct Ticket {
    pub ticket: String,
    /// Seconds left to open the stream with it.
    pub expires_in: i64,
}

/// `POST /v1/ai/events/ticket`: a single-use ticket for `GET /v1/ai/events?ticket=`.
pub async fn ticket(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ticket> {
    let now = clock::now_ms();
    // Housekeeping on the way: tickets nobody used.
    sqlx::query("DELETE FROM event_tickets WHERE expires_ms < $1")
        .bind(now)
        .execute(&state.db.pool)
        .await?;
    let ticket = crate::ids::random_token(32);
    sqlx::query(
        "INSERT INTO event_tickets (ticket, user_id, jti, expires_ms) VALUES ($1, $2, $3, $4)",
    )
    .bind(&ticket)
    .bind(user.id)
    .bind(&user.jti)
    .bind(now + TICKET_TTL_MS)
    .execute(&state.db.pool)
    .await?;
    ok(Ticket {
        ticket,
        expires_in: TICKET_TTL_MS / 1000,
    })
}

/// The user and session of a Bearer header, else of a ticket (used up here).
async fn session_of(
    state: &AppState,
    headers: &HeaderMap,
    ticket: Option<&str>,
) -> Result<(i64, String), ApiError> {
    if headers.contains_key(axum::http::header::AUTHORIZATION) {
        let (mut parts, ()) = axum::http::Request::builder()
            .body(())
            .map_err(ApiError::internal)?
            .into_parts();
        parts.headers = headers.clone();
        let user = AuthUser::from_request_parts(&mut parts, state).await?;
        return Ok((user.id, user.jti));
    }
    let Some(ticket) = ticket.map(str::trim).filter(|t| !t.is_empty()) else {
        return Err(ApiError::logged_out(
            "please log in: send the access token as a Bearer header, or a ticket from POST /v1/ai/events/ticket as ?ticket=",
        ));
    };
    let row: Option<(i64, String, i64)> = sqlx::query_as(
        "DELETE FROM event_tickets WHERE ticket = $1 RETURNING user_id, jti, expires_ms",
    )
    .bind(ticket)
    .fetch_optional(&state.db.pool)
    .await?;
    let (user_id, jti) = match row {
        Some((user_id, jti, expires_ms)) if expires_ms >= clock::now_ms() => (user_id, jti),
        _ => {
            return Err(ApiError::logged_out(
                "the ticket is used or expired: ask for a new one (POST /v1/ai/events/ticket)",
            ));
        }
    };
    // The session that asked for the ticket may have logged out since: checked now, not at the
    // stream's first periodic check.
    if !session_live(state, &jti).await? {
        return Err(ApiError::logged_out(
            "the session of this ticket has ended: log in again",
        ));
    }
    Ok((user_id, jti))
}

/// Whether the session may still receive events (not logged out, not expired).
async fn session_live(state: &AppState, jti: &str) -> Result<bool, sqlx::Error> {
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT revoked, expires_ms FROM tokens WHERE jti = $1")
            .bind(jti)
            .fetch_optional(&state.db.pool)
            .await?;
    Ok(row.is_some_and(|(revoked, expires_ms)| revoked == 0 && expires_ms > clock::now_ms()))
}

/// How often an idle stream sends a comment line.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

struct Feed {
    sub: Subscription,
    shutdown: tokio::sync::watch::Receiver<bool>,
    started: bool,
    /// When the next keep-alive comment is due (moved on by every event sent).
    ping: tokio::time::Instant,
}

fn event(name: &str, data: &serde_json::Value) -> Event {
    Event::default().event(name).data(data.to_string())
}

/// `GET /v1/ai/events` (see the module doc).
pub async fn events(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<TicketQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let (user_id, jti) = session_of(&state, &headers, q.ticket.as_deref()).await?;
    // The first keep-alive at a moment of its own (see the module doc).
    let phase = Duration::from_millis(rand::random_range(
        1..=u64::try_from(KEEP_ALIVE.as_millis()).unwrap_or(15_000),
    ));
    let feed = Feed {
        sub: state.tasks.streams().subscribe(user_id, &jti),
        shutdown: state.tasks.shutdown_signal(),
        started: false,
        ping: tokio::time::Instant::now() + phase,
    };
    let stream = futures_util::stream::unfold(feed, |mut f| async move {
        if !f.started {
            f.started = true;
            return Some((Ok(event("updateList", &serde_json::json!({}))), f));
        }
        loop {
            if *f.shutdown.borrow() {
                return None;
            }
            tokio::select! {
                got = f.sub.recv() => match got {
                    // Another instance's events may have been missed: reload.
                    Some(e) if e.user_id < 0 => {
                        f.ping = tokio::time::Instant::now() + KEEP_ALIVE;
                        return Some((Ok(event("updateList", &serde_json::json!({}))), f));
                    }
                    Some(e) => {
                        f.ping = tokio::time::Instant::now() + KEEP_ALIVE;
                        return Some((Ok(event(e.name, &e.data)), f));
                    }
                    // Let go: too slow a reader (the client opens a new one and catches up: its
                    // first event is `updateList`), or its session ended.
                    None => return None,
                },
                () = tokio::time::sleep_until(f.ping) => {
                    f.ping = tokio::time::Instant::now() + KEEP_ALIVE;
                    return Some((Ok(Event::default().comment("")), f));
                }
                changed = f.shutdown.changed() => {
                    if changed.is_err() {
                        return None;
                    }
                }
            }
        }
    });
    Ok(Sse::new(stream))
}

/// Starts the periodic check of the open streams' sessions; it stops with the server.
pub fn start_session_checks(state: &AppState) {
    let s = state.clone();
    let every = state.tasks.settings().stream_session_check;
    let mut shutdown = state.tasks.shutdown_signal();
    // Among the task workers, so a server that stops stops it too.
    state.tasks.add_worker(tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tick.reset();
        loop {
            if *shutdown.borrow() {
                return;
            }
            tokio::select! {
                _ = tick.tick() => check_sessions(&s).await,
                changed = shutdown.changed() => {
                    if changed.is_err() {
                        return;
                    }
                }
            }
        }
    }));
}

/// Checks the sessions of every open stream of this process, [`CHECK_CHUNK`] to a query, and
/// ends the streams of those that logged out, were revoked (an account disabled) or expired. A
/// query that fails ends nothing: a database hiccup does not close every tab.
pub async fn check_sessions(state: &AppState) {
    let streams = state.tasks.streams();
    let sessions = streams.sessions();
    let now = clock::now_ms();
    let mut ended: HashSet<Arc<str>> = HashSet::new();
    for chunk in sessions.chunks(CHECK_CHUNK) {
        // Placeholders only: `$1` the time, `$2`… the sessions.
        let list = (2..chunk.len() + 2)
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT jti FROM tokens WHERE revoked = 0 AND expires_ms > $1 AND jti IN ({list})"
        );
        let mut query = sqlx::query_as::<_, (String,)>(&sql).bind(now);
        for jti in chunk {
            query = query.bind(jti.as_ref());
        }
        streams.count_check_query();
        match query.fetch_all(&state.db.pool).await {
            Ok(rows) => {
                let live: HashSet<&str> = rows.iter().map(|(j,)| j.as_str()).collect();
                ended.extend(chunk.iter().filter(|j| !live.contains(j.as_ref())).cloned());
            }
            Err(e) => tracing::warn!("task events: session check: {e}"),
        }
    }
    streams.end_sessions(&ended);
    streams.count_check_round();
}
