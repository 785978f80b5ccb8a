//! `GET /v1/ai/events`: server-sent events with the changes of the user's tasks, so pages need
//! not poll. Authentication is the usual Bearer header or, because `EventSource` cannot set
//! headers, `?token=<access token>`.
//!
//! Events (names from spec 02 §4's queue events): `updateList` first (and again whenever
//! events were missed: reload the list), then `addTask`, `updateTask` (status and progress),
//! `retryTask` (`{task_id, retry_of}`) and `delTask` (`{task_id}`); the data of the others is the
//! task as `record.rs` describes. A comment line every 15 s keeps proxies from closing the stream;
//! the stream ends when the server stops.

use super::hub::TaskEvent;
use crate::api::ApiError;
use crate::app::AppState;
use crate::auth::AuthUser;
use crate::site::params::ApiQuery;
use axum::extract::{FromRequestParts, State};
use axum::http::{HeaderMap, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::Deserialize;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// `?token=` of the events call.
#[derive(Debug, Deserialize)]
pub struct TokenQuery {
    #[serde(default)]
    pub token: Option<String>,
}

/// The user of a header or, failing that, of `?token=`.
async fn user_of(
    state: &AppState,
    headers: &HeaderMap,
    token: Option<&str>,
) -> Result<AuthUser, ApiError> {
    let bearer = match (
        headers.get(header::AUTHORIZATION),
        token.map(str::trim).filter(|t| !t.is_empty()),
    ) {
        (Some(h), _) => h.clone(),
        (None, Some(t)) => header::HeaderValue::from_str(&format!("Bearer {t}"))
            .map_err(|_| ApiError::logged_out("please log in again: the token is not valid"))?,
        (None, None) => {
            return Err(ApiError::logged_out(
                "please log in: send the access token as a Bearer header or ?token=",
            ));
        }
    };
    let (mut parts, ()) = axum::http::Request::builder()
        .body(())
        .map_err(ApiError::internal)?
        .into_parts();
    parts.headers.insert(header::AUTHORIZATION, bearer);
    AuthUser::from_request_parts(&mut parts, state).await
}

struct Feed {
    rx: tokio::sync::broadcast::Receiver<TaskEvent>,
    shutdown: tokio::sync::watch::Receiver<bool>,
    user_id: i64,
    started: bool,
}

fn event(name: &str, data: &serde_json::Value) -> Event {
    Event::default().event(name).data(data.to_string())
}

/// `GET /v1/ai/events` (see the module doc).
pub async fn events(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<TokenQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let user = user_of(&state, &headers, q.token.as_deref()).await?;
    let feed = Feed {
        rx: state.tasks.subscribe(),
        shutdown: state.tasks.shutdown_signal(),
        user_id: user.id,
        started: false,
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
                got = f.rx.recv() => match got {
                    Ok(e) if e.user_id == f.user_id => return Some((Ok(event(e.name, &e.data)), f)),
                    // Another instance's events may have been missed: reload.
                    Ok(e) if e.user_id < 0 => return Some((Ok(event("updateList", &serde_json::json!({}))), f)),
                    Ok(_) => {}
                    Err(RecvError::Lagged(_)) => return Some((Ok(event("updateList", &serde_json::json!({}))), f)),
                    Err(RecvError::Closed) => return None,
                },
                changed = f.shutdown.changed() => {
                    if changed.is_err() {
                        return None;
                    }
                }
            }
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
