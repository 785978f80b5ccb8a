//! The open event streams of this process (`events.rs`), by user: an event is handed only to the
//! streams of its user, so a change of one user's task costs nothing to the thousands of other
//! signed-in tabs (before, every stream woke up for every event and dropped the others'). The
//! entry of a user is made by their first stream and removed with their last, so the map holds
//! exactly the users with a stream open here.
//!
//! Each stream has its own queue of up to [`super::hub::EVENT_RING`] events; its memory is taken
//! only as events wait (tokio's bounded channel allocates in blocks of 32), and an event is shared
//! by its user's streams (`Arc`). A stream whose queue is full (a stalled connection) is cut: it
//! ends, and the client opens a new one and reloads its list (`updateList` first).
//!
//! The map also holds each stream's session, so that one periodic query checks every open
//! stream's session at once (`events::check_sessions`) instead of one query per stream.

use super::hub::{EVENT_RING, TaskEvent};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::sync::mpsc::{self, error::TrySendError};

struct Entry {
    id: u64,
    /// The stream's session (`tokens.jti`).
    jti: Arc<str>,
    tx: mpsc::Sender<Arc<TaskEvent>>,
    /// Set when the stream is let go (too slow, or its session ended): it ends at once rather
    /// than first sending what waits in its queue.
    cut: Arc<AtomicBool>,
}

/// The routing table of the open streams (see the module doc).
#[derive(Default)]
pub struct Streams {
    users: Mutex<HashMap<i64, Vec<Entry>>>,
    next_id: AtomicU64,
    /// Streams open (subscribed and not yet dropped, cut ones included until they end).
    open: AtomicUsize,
    check_rounds: AtomicU64,
    check_queries: AtomicU64,
}

impl std::fmt::Debug for Streams {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Streams")
            .field("open", &self.open.load(Ordering::Relaxed))
            .finish()
    }
}

/// One stream's end of the table: its events, and its place in the table, given back on drop.
#[derive(Debug)]
pub struct Subscription {
    streams: Arc<Streams>,
    user_id: i64,
    id: u64,
    rx: mpsc::Receiver<Arc<TaskEvent>>,
    cut: Arc<AtomicBool>,
}

impl Subscription {
    /// The next event of the user (or a reload for everyone); `None` once the stream is let go.
    pub async fn recv(&mut self) -> Option<Arc<TaskEvent>> {
        let event = self.rx.recv().await?;
        (!self.cut.load(Ordering::Acquire)).then_some(event)
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        self.streams.remove(self.user_id, self.id);
        self.streams.open.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Hands `event` to each stream of `list`; the ones too slow or gone are dropped from it.
fn hand_over(list: &mut Vec<Entry>, event: &Arc<TaskEvent>) {
    list.retain(|s| match s.tx.try_send(Arc::clone(event)) {
        Ok(()) => true,
        Err(TrySendError::Full(_)) => {
            tracing::info!(
                "task events: a stream fell {EVENT_RING} events behind: it ends (the client reconnects)"
            );
            s.cut.store(true, Ordering::Release);
            false
        }
        Err(TrySendError::Closed(_)) => false,
    });
}

impl Streams {
    fn table(&self) -> MutexGuard<'_, HashMap<i64, Vec<Entry>>> {
        // No code path panics while holding the lock; a poisoned table is still consistent.
        self.users.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Opens a stream of `user_id` whose session is `jti`.
    pub fn subscribe(self: &Arc<Self>, user_id: i64, jti: &str) -> Subscription {
        let (tx, rx) = mpsc::channel(EVENT_RING);
        let cut = Arc::new(AtomicBool::new(false));
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.open.fetch_add(1, Ordering::Relaxed);
        self.table().entry(user_id).or_default().push(Entry {
            id,
            jti: Arc::from(jti),
            tx,
            cut: Arc::clone(&cut),
        });
        Subscription {
            streams: Arc::clone(self),
            user_id,
            id,
            rx,
            cut,
        }
    }

    fn remove(&self, user_id: i64, id: u64) {
        let mut table = self.table();
        if let Some(list) = table.get_mut(&user_id) {
            list.retain(|s| s.id != id);
            if list.is_empty() {
                table.remove(&user_id);
            }
        }
    }

    /// Hands an event to its user's streams; a negative user id (events may have been missed:
    /// reload) to every stream.
    pub fn deliver(&self, event: TaskEvent) {
        let event = Arc::new(event);
        let mut table = self.table();
        if event.user_id < 0 {
            for list in table.values_mut() {
                hand_over(list, &event);
            }
            table.retain(|_, list| !list.is_empty());
        } else if let Some(list) = table.get_mut(&event.user_id) {
            hand_over(list, &event);
            if list.is_empty() {
                table.remove(&event.user_id);
            }
        }
    }

    /// Streams open in this process.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// Whether `user_id` has a stream open here.
    pub fn has_user(&self, user_id: i64) -> bool {
        self.table().contains_key(&user_id)
    }

    /// Users with a stream open here (the entries of the table).
    pub fn users(&self) -> usize {
        self.table().len()
    }

    /// The distinct sessions of the open streams.
    pub fn sessions(&self) -> Vec<Arc<str>> {
        let table = self.table();
        let mut seen: HashSet<&Arc<str>> = HashSet::new();
        for s in table.values().flatten() {
            seen.insert(&s.jti);
        }
        seen.into_iter().cloned().collect()
    }

    /// Ends the streams of these sessions.
    pub fn end_sessions(&self, ended: &HashSet<Arc<str>>) {
        if ended.is_empty() {
            return;
        }
        let mut table = self.table();
        table.retain(|_, list| {
            list.retain(|s| {
                let end = ended.contains(&s.jti);
                if end {
                    s.cut.store(true, Ordering::Release);
                }
                !end
            });
            !list.is_empty()
        });
    }

    /// Counts one query of a session check.
    pub(crate) fn count_check_query(&self) {
        self.check_queries.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a finished session check.
    pub(crate) fn count_check_round(&self) {
        self.check_rounds.fetch_add(1, Ordering::Relaxed);
    }

    /// Session checks finished and the queries they made, since the start (for tests and the
    /// stream bench: the queries per check must not grow with the streams).
    pub fn session_check_counts(&self) -> (u64, u64) {
        (
            self.check_rounds.load(Ordering::Relaxed),
            self.check_queries.load(Ordering::Relaxed),
        )
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    fn ev(user_id: i64, n: usize) -> TaskEvent {
        TaskEvent {
            user_id,
            name: "updateTask",
            data: json!({ "task_id": format!("t{n}") }),
        }
    }

    #[tokio::test]
    async fn an_event_reaches_only_its_users_streams() {
        let streams = Arc::new(Streams::default());
        let mut a1 = streams.subscribe(1, "ja");
        let mut a2 = streams.subscribe(1, "ja2");
        let mut b = streams.subscribe(2, "jb");
        streams.deliver(ev(2, 0));
        streams.deliver(ev(1, 1));
        assert_eq!(a1.recv().await.unwrap().data["task_id"], "t1");
        assert_eq!(a2.recv().await.unwrap().data["task_id"], "t1");
        assert_eq!(b.recv().await.unwrap().data["task_id"], "t0");
        assert!(a1.rx.try_recv().is_err(), "user 1 got nothing else");
        // A reload goes to everyone.
        streams.deliver(ev(-1, 9));
        assert_eq!(a1.recv().await.unwrap().user_id, -1);
        assert_eq!(b.recv().await.unwrap().user_id, -1);
    }

    #[tokio::test]
    async fn the_entry_goes_with_the_last_stream_of_its_user() {
        let streams = Arc::new(Streams::default());
        let a1 = streams.subscribe(1, "ja");
        let a2 = streams.subscribe(1, "ja");
        let b = streams.subscribe(2, "jb");
        assert_eq!((streams.users(), streams.open()), (2, 3));
        drop(a1);
        assert!(streams.has_user(1));
        drop(a2);
        assert!(!streams.has_user(1));
        assert_eq!((streams.users(), streams.open()), (1, 1));
        drop(b);
        assert_eq!((streams.users(), streams.open()), (0, 0));
        assert!(streams.table().is_empty());
    }

    #[tokio::test]
    async fn a_full_queue_cuts_its_stream_only() {
        let streams = Arc::new(Streams::default());
        let mut slow = streams.subscribe(1, "ja");
        let mut other = streams.subscribe(2, "jb");
        for n in 0..=EVENT_RING {
            streams.deliver(ev(1, n));
        }
        streams.deliver(ev(2, 0));
        assert!(
            slow.recv().await.is_none(),
            "cut at once, not after its queue"
        );
        assert!(!streams.has_user(1));
        assert!(other.recv().await.is_some());
    }

    #[tokio::test]
    async fn ended_sessions_end_their_streams() {
        let streams = Arc::new(Streams::default());
        let mut gone = streams.subscribe(1, "old");
        let mut kept = streams.subscribe(1, "new");
        let mut sessions = streams.sessions();
        sessions.sort();
        assert_eq!(sessions, vec![Arc::from("new"), Arc::from("old")]);
        streams.end_sessions(&HashSet::from([Arc::from("old")]));
        assert!(gone.recv().await.is_none());
        streams.deliver(ev(1, 0));
        assert!(kept.recv().await.is_some());
        assert_eq!(streams.sessions(), vec![Arc::from("new")]);
    }
}
