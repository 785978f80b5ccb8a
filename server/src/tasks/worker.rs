//! The worker pool: `AIVG_TASK_WORKERS` tokio tasks, each taking the oldest queued task (the
//! queue is the `tasks` table, so it survives restarts and is shared by instances on one
//! PostgreSQL), running it through the provider, and recording the end.
//!
//! Test hooks (only with `AIVG_TASK_TEST_HOOKS=1`, on in tests): a prompt containing `[fail]`
//! fails the run (refund path), one containing `[slow]` runs ~20 s before the provider (cancel
//! and restart paths), one containing `[panic]` panics in the worker (the panic path: failed,
//! refunded, the worker goes on).
//!
//! Cancelling (docs/behaviour/tasks-and-queue.md#task-states cancel, #the-queue queue events): the
//! cancel call ends the task and refunds it, then the worker running it lets go at once and takes
//! the next task. The running job is a future the worker drops, which stops the provider where it
//! stands: timers and HTTP calls end, ffmpeg children are killed (`kill_on_drop`). The worker
//! learns of a cancel two ways:
//! - the in-process signal ([`super::Tasks::stop_job`], immediate), registered as soon as the
//!   task is claimed, with the row read again afterwards, so a cancel that lands between the
//!   claim and the registration is still seen;
//! - a look at the task's status every [`STATUS_CHECK`], for cancels made by another instance
//!   on the same database (or any other end of the row), which have no in-process signal.
//!
//! What a drop cannot stop: pixel work already handed to `spawn_blocking` (decode, resize,
//! encode) runs to the end of that step on its blocking thread and its result is thrown away; the
//! worker does not wait for it. A ComfyUI prompt is stopped by the drop itself: `/interrupt` when
//! it runs, `POST /queue {delete}` when it waits (see `comfyui/run.rs`), unless the server drains;
//! a fal.ai request is cancelled (`PUT cancel_url`, see `fal/run.rs`), which fal honours while it
//! waits in its queue.

use super::comfyui::backends::CLAIMED;
use super::lifecycle;
use super::modules;
use super::provider::{Job, Outputs, ProgressSender, ProviderError};
use super::record::{self, TaskRow};
use super::recovery;
use crate::clock;
use crate::db::Backend;
use crate::state::AppState;
use futures_util::FutureExt;
use std::time::Duration;
use tokio::sync::oneshot;

/// A run longer than this fails (and is refunded).
pub const RUN_TIMEOUT: Duration = Duration::from_secs(40 * 60);

/// How often a running task's row is looked at for an end made elsewhere.
pub const STATUS_CHECK: Duration = Duration::from_secs(1);

/// How often a running task's heartbeat is written.
pub const HEARTBEAT_EVERY: Duration = Duration::from_secs(5);
/// A running task whose heartbeat is older than this has lost its instance (see `recover`).
pub const HEARTBEAT_TTL_MS: i64 = 30_000;
/// How often every instance looks for such tasks.
pub const RECOVER_EVERY: Duration = Duration::from_secs(10);

/// Recovers tasks whose instance died, starts the event relay (PostgreSQL), the check of the
/// event streams' sessions and the workers.
pub async fn start(state: &AppState) -> Result<(), sqlx::Error> {
    super::notify::start(state).await?;
    super::events::start_session_checks(state);
    // ComfyUI slots are leased in the shared database, so instances never fill one slot twice
    // (docs/engines.md#a-fleet-of-gpus).
    if let Some(c) = &state.tasks.engines().comfy {
        c.backends().use_leases(super::comfyui::leases::Leases::new(
            state.db.pool.clone(),
            state.tasks.instance(),
            HEARTBEAT_TTL_MS,
        ));
    }
    // A server that is its SQLite file's only one knows a running task there lost its process.
    let stale = (!state.db.ownership.held()).then_some(HEARTBEAT_TTL_MS);
    report_recovery(recovery::recover(state.task_deps(), stale).await?);
    let s = state.clone();
    let mut stop = state.tasks.shutdown_signal();
    tokio::spawn(async move {
        loop {
            tokio::select! {
                () = tokio::time::sleep(RECOVER_EVERY) => {}
                _ = stop.changed() => return,
            }
            match recovery::recover(s.task_deps(), Some(HEARTBEAT_TTL_MS)).await {
                Ok(r) => report_recovery(r),
                Err(e) => tracing::warn!("task recovery: {e}"),
            }
        }
    });
    for _ in 0..state.tasks.settings().workers {
        let s = state.clone();
        state
            .tasks
            .add_worker(tokio::spawn(async move { work(s).await }));
    }
    Ok(())
}

fn report_recovery((requeued, failed): (usize, usize)) {
    if requeued > 0 {
        tracing::warn!("{requeued} task(s) had lost their instance: queued again");
    }
    if failed > 0 {
        tracing::warn!("{failed} task(s) had lost their instance too often: failed and refunded");
    }
}

/// Stops the workers gracefully (SIGTERM): no new claims; running tasks may finish within
/// `AIVG_DRAIN_SECONDS`; what still runs then is handed back to the queue, its engine prompt
/// left running, so the next instance to claim it re-attaches (the ComfyUI prompt id is derived
/// from the task id) instead of starting over or failing it.
pub async fn drain(state: &AppState) {
    state.tasks.stop_claiming();
    let deadline =
        tokio::time::Instant::now() + Duration::from_secs(state.tasks.settings().drain_s);
    while !state.tasks.running_jobs().is_empty() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    state.tasks.shutdown().await;
    match recovery::release(&state.db.pool, &state.tasks).await {
        Ok(ids) => {
            for id in &ids {
                lifecycle::emit(state.task_deps(), id, "updateTask").await;
            }
            if !ids.is_empty() {
                tracing::info!("{} running task(s) handed back to the queue", ids.len());
            }
        }
        Err(e) => tracing::warn!("could not hand running tasks back: {e}"),
    }
}

async fn work(state: AppState) {
    let mut shutdown = state.tasks.shutdown_signal();
    loop {
        if *shutdown.borrow() {
            return;
        }
        // Listen before looking, so a wake-up between the two is not lost.
        let wake = state.tasks.wake_signal().notified();
        tokio::pin!(wake);
        wake.as_mut().enable();
        let freed_signal = state.tasks.engines().slot_freed();
        let mut freed = freed_signal.as_ref().map(|n| Box::pin(n.notified()));
        if let Some(f) = freed.as_mut() {
            f.as_mut().enable();
        }
        // While every ComfyUI server is full, its tasks stay queued here (fair and cancellable)
        // and only the others are claimed; a freed slot wakes the workers. A ComfyUI task claimed
        // is counted until its run takes a slot (docs/engines.md#a-fleet-of-gpus).
        let (want, waiting) = state.tasks.engines().admit();
        match claim(state.task_deps(), state.db.backend, &waiting).await {
            Ok(Some((task, cancelled))) => {
                let slot_task = state
                    .tasks
                    .engines()
                    .slot_modules()
                    .contains(&task.module_code.as_str());
                let want = if slot_task {
                    want
                } else {
                    want.and_then(|w| {
                        w.consume();
                        None
                    })
                };
                CLAIMED
                    .scope(
                        std::cell::RefCell::new(want),
                        run_caught(&state, task, cancelled),
                    )
                    .await;
            }
            Ok(None) => {
                if let Some(w) = want {
                    w.consume();
                }
                // The periodic look also finds tasks queued by other instances.
                tokio::select! {
                    () = &mut wake => {}
                    () = async {
                        match freed.as_mut() {
                            Some(f) => f.await,
                            None => std::future::pending().await,
                        }
                    }, if !waiting.is_empty() => {}
                    () = tokio::time::sleep(Duration::from_secs(2)) => {}
                    _ = shutdown.changed() => return,
                }
            }
            Err(e) => {
                tracing::warn!("task queue: {e}");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Picks in a row that found their task gone before a claim gives up (the worker looks again
/// at its next wake-up or after its usual wait).
const MAX_PICK_MISSES: u32 = 16;

/// Marks the next queued task running and answers it with its cancel signal (on the pool and
/// the runner only, like the rest of the lifecycle). A task cancelled
/// between the two (before the signal existed) is let go and the next one is claimed.
///
/// The pick is a read of its own and the claim a short conditional update of the picked row: a
/// pick scans the whole queue, and inside the update it held SQLite's one write lock for that
/// scan (tens of ms with thousands of queued tasks), stalling every creation, check-in and
/// purchase meanwhile (docs/performance.md, "2026-11-26, evening: the server's write path"). A row
/// another worker took in between, or a user who reached the running limit meanwhile, fails the
/// update's own conditions and the pick runs again.
/// `waiting`: module codes not to claim now (their engine has no free slot).
async fn claim(
    d: lifecycle::Deps<'_>,
    backend: Backend,
    waiting: &[&'static str],
) -> Result<Option<(TaskRow, oneshot::Receiver<()>)>, sqlx::Error> {
    // The catalogue's own codes (letters, digits, `_`), so they are written into the query.
    let skip = if waiting.is_empty() {
        String::new()
    } else {
        let codes: Vec<String> = waiting
            .iter()
            .filter(|c| c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_'))
            .map(|c| format!("'{c}'"))
            .collect();
        format!(" AND algorithm NOT IN ({})", codes.join(", "))
    };
    // Fair queue: a user may run AIVG_TASK_MAX_RUNNING_PER_USER tasks at once; among the rest,
    // users with fewer running tasks go first, then the user served longest ago (round-robin),
    // then the oldest task. Those are facts of the user, so only each user's oldest queued task
    // is ranked (one row per waiting user instead of one per queued task).
    let running = |of: &str| {
        format!(
            "(SELECT COUNT(*) FROM tasks r WHERE r.user_id = {of}.user_id AND r.status = 'running')"
        )
    };
    let served = "(SELECT COALESCE(MAX(r.started_ms), 0) FROM tasks r WHERE r.user_id = q.user_id AND r.status <> 'queued')";
    let pick = format!(
        "SELECT q.first FROM (SELECT user_id, MIN(id) AS first FROM tasks WHERE status = 'queued'{skip} GROUP BY user_id) q
         WHERE {run} < $1 ORDER BY {run}, {served}, q.first LIMIT 1",
        run = running("q"),
    );
    // SKIP LOCKED: on PostgreSQL a row another worker is claiming right now is passed over
    // instead of waited for; SQLite has one writer.
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let take = format!(
        "UPDATE tasks SET status = 'running', started_ms = $1, heartbeat_ms = $1, owner = $2, attempts = attempts + 1
         WHERE id = (SELECT id FROM tasks WHERE id = $4 AND status = 'queued'{skip}{lock}) AND {run} < $3 RETURNING task_id",
        run = running("tasks"),
    );
    let per_user = i64::try_from(d.tasks.settings().max_running_per_user).unwrap_or(i64::MAX);
    let mut misses = 0;
    loop {
        let picked: Option<i64> = sqlx::query_scalar(&pick)
            .bind(per_user)
            .fetch_optional(d.pool)
            .await?;
        let Some(id) = picked else {
            return Ok(None);
        };
        let claimed: Option<String> = sqlx::query_scalar(&take)
            .bind(clock::now_ms())
            .bind(d.tasks.instance())
            .bind(per_user)
            .bind(id)
            .fetch_optional(d.pool)
            .await?;
        let Some(task_id) = claimed else {
            // Taken or cancelled since the pick, or its user reached the limit: pick again (a
            // row being claimed elsewhere on PostgreSQL is skipped, not waited for, so the next
            // pick may name it until that claim commits: give it a bounded number of turns).
            misses += 1;
            if misses >= MAX_PICK_MISSES {
                return Ok(None);
            }
            tokio::task::yield_now().await;
            continue;
        };
        // Register first, read after: a cancel either finds the signal or shows in the row.
        let cancelled = d.tasks.on_cancel(&task_id);
        lifecycle::emit(d, &task_id, "updateTask").await;
        match record::by_task_id(d.pool, &task_id).await {
            Ok(Some(t)) if t.status == "running" => return Ok(Some((t, cancelled))),
            Ok(_) => d.tasks.forget(&task_id),
            Err(e) => {
                d.tasks.forget(&task_id);
                return Err(e);
            }
        }
    }
}

/// Whether the task's row still says `running` for this instance (an error counts as yes: the
/// run goes on).
async fn still_running(state: &AppState, task_id: &str) -> bool {
    let status: Result<Option<(String, String)>, sqlx::Error> =
        sqlx::query_as("SELECT status, owner FROM tasks WHERE task_id = $1")
            .bind(task_id)
            .fetch_optional(&state.db.pool)
            .await;
    match status {
        Ok(Some((s, owner))) => s == "running" && owner == state.tasks.instance(),
        Ok(None) => false,
        Err(e) => {
            tracing::warn!("task {task_id}: status check: {e}");
            true
        }
    }
}

/// Builds the job of a task (its module and input files, resolved again: see `modules.rs`).
async fn job_of(state: &AppState, t: &TaskRow) -> Result<Job, ProviderError> {
    let module = modules::find(&t.module_code)
        .ok_or_else(|| ProviderError::new(format!("unknown module {}", t.module_code)))?;
    let data = t.data_value();
    let inputs = modules::job_inputs(&state.db.pool, t.user_id, module, &data).await?;
    // Where an earlier claim sent it, if any: the ComfyUI provider then looks for its prompt
    // there first, and a first claim (no earlier one) skips that look altogether.
    let (claims, placed_on): (i64, String) =
        sqlx::query_as("SELECT attempts, backend FROM tasks WHERE task_id = $1")
            .bind(&t.task_id)
            .fetch_optional(&state.db.pool)
            .await
            .map_err(|e| ProviderError::new(format!("the task could not be read: {e}")))?
            .unwrap_or((2, String::new()));
    Ok(Job {
        task_id: t.task_id.clone(),
        module,
        data,
        inputs,
        files: state.files.clone(),
        ffmpeg: state.tasks.settings().ffmpeg.clone(),
        models: state.models.clone(),
        first_run: claims <= 1 && placed_on.is_empty(),
        placed_on,
    })
}

/// The test hooks (see the module doc); `None` = run normally.
#[allow(
    clippy::panic,
    reason = "the [panic] hook tests that a worker survives a panic (test hooks only)"
)]
async fn test_hook(
    state: &AppState,
    job: &Job,
    progress: &ProgressSender,
) -> Option<ProviderError> {
    if !state.tasks.settings().test_hooks {
        return None;
    }
    let prompt = job.prompt();
    if prompt.contains("[fail]") {
        return Some(ProviderError::new(
            "The task failed on purpose (test hook [fail]).",
        ));
    }
    if prompt.contains("[panic]") {
        panic!("test hook [panic]");
    }
    if prompt.contains("[slow]") {
        for i in 0..200u8 {
            progress.set(i / 4);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    None
}

async fn execute(
    state: &AppState,
    t: &TaskRow,
    progress: ProgressSender,
) -> Result<Outputs, ProviderError> {
    let job = job_of(state, t).await?;
    if let Some(e) = test_hook(state, &job, &progress).await {
        return Err(e);
    }
    // Servers an admin took out of rotation, as stored now (on any instance).
    super::rotation::apply(&state.db.pool, state.tasks.engines()).await;
    state.tasks.provider().run(&job, progress).await
}

/// [`run`], with a panic anywhere in it (a provider's bug, a bad input it did not expect) caught:
/// the task fails and is refunded, and the worker goes on with the next task. (The release
/// build unwinds, see the workspace's Cargo.toml, so the panic reaches here.)
async fn run_caught(state: &AppState, t: TaskRow, cancelled: oneshot::Receiver<()>) {
    let row = t.clone();
    let outcome = std::panic::AssertUnwindSafe(run(state, t, cancelled))
        .catch_unwind()
        .await;
    if let Err(panic) = outcome {
        let detail = crate::request_guard::panic_text(panic.as_ref());
        tracing::error!(
            "task {} ({}): the worker panicked: {detail}",
            row.task_id,
            row.module_code
        );
        state.tasks.forget(&row.task_id);
        fail(
            state,
            &row,
            "The task failed because of an internal error. Your credits were refunded; please try again.",
        )
        .await;
    }
}

/// Where the job of `t` reports its live previews (`previews.rs`).
fn previews_of(state: &AppState, t: &TaskRow) -> super::provider::PreviewFn {
    let sink = super::previews::PreviewSink {
        tasks: state.tasks.clone(),
        task_id: t.task_id.clone(),
        user_id: t.user_id,
    };
    std::sync::Arc::new(move |image: &[u8]| sink.offer(image))
}

/// Where the job of `t` says where it runs: recorded with the task (`tasks.engine`, `backend`,
/// `prompt_id`) for the console. A lost write only leaves the console without that line.
fn placed_of(state: &AppState, t: &TaskRow) -> super::provider::PlacedFn {
    let pool = state.db.pool.clone();
    let task_id = t.task_id.clone();
    std::sync::Arc::new(move |engine: &str, backend: &str, prompt_id: &str| {
        let (pool, task_id) = (pool.clone(), task_id.clone());
        let (engine, backend, prompt_id) =
            (engine.to_owned(), backend.to_owned(), prompt_id.to_owned());
        tokio::spawn(async move {
            let written = sqlx::query(
                "UPDATE tasks SET engine = $1, backend = $2, prompt_id = $3 WHERE task_id = $4",
            )
            .bind(&engine)
            .bind(&backend)
            .bind(&prompt_id)
            .bind(&task_id)
            .execute(&pool)
            .await;
            if let Err(e) = written {
                tracing::warn!("task {task_id}: where it runs was not recorded: {e}");
            }
        });
    })
}

/// Runs one claimed task to its end, or until it is cancelled (the job is then dropped).
async fn run(state: &AppState, t: TaskRow, mut cancelled: oneshot::Receiver<()>) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let mut job = Box::pin(tokio::time::timeout(
        RUN_TIMEOUT,
        execute(
            state,
            &t,
            ProgressSender(tx, Some(previews_of(state, &t)), Some(placed_of(state, &t))),
        ),
    ));
    let mut check = tokio::time::interval(STATUS_CHECK);
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    check.reset();
    let mut beat = tokio::time::interval(HEARTBEAT_EVERY);
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    beat.reset();
    let outcome = loop {
        tokio::select! {
            r = &mut job => break Some(r.unwrap_or_else(|_| Err(ProviderError::new("The task took too long and was stopped.")))),
            Some(p) = rx.recv() => {
                if lifecycle::set_progress(&state.db.pool, &t.task_id, p).await.unwrap_or(false) {
                    lifecycle::emit(state.task_deps(), &t.task_id, "updateTask").await;
                }
            }
            _ = &mut cancelled => break None,
            _ = check.tick() => {
                if !still_running(state, &t.task_id).await {
                    break None;
                }
            }
            _ = beat.tick() => recovery::heartbeat(&state.db.pool, &state.tasks, &t.task_id, HEARTBEAT_TTL_MS).await,
        }
    };
    // A cancelled job stops here: its timers, connections and ffmpeg children end now.
    drop(job);
    state.tasks.forget(&t.task_id);
    // Once the end below is written, its user has one task fewer running.
    let _woken = WakeOnDrop(state);
    match outcome {
        // Cancelled (or ended elsewhere): whoever ended it recorded the end and the refund.
        None => {}
        Some(Ok(out)) => match lifecycle::succeed(state.task_deps(), &t, out).await {
            Ok(_) => lifecycle::emit(state.task_deps(), &t.task_id, "updateTask").await,
            Err(e) => fail(state, &t, &format!("The task could not be finished: {e}")).await,
        },
        Some(Err(e)) => fail(state, &t, &e.0).await,
    }
}

/// Wakes one idle worker when dropped (the end of a run, recorded: see [`super::Tasks::wake_one`]).
struct WakeOnDrop<'a>(&'a AppState);

impl Drop for WakeOnDrop<'_> {
    fn drop(&mut self) {
        self.0.tasks.wake_one();
    }
}

async fn fail(state: &AppState, t: &TaskRow, msg: &str) {
    tracing::info!("task {} ({}) failed: {msg}", t.task_id, t.module_code);
    match lifecycle::end_with_refund(&state.db.pool, t, ["running", "running"], "failed", msg).await
    {
        Ok(_) => {
            // Before the event: the app reads the balance again when it hears of the failure, and
            // must see the refund (user_infos.rs; PostgreSQL's notification could come later).
            state.user_infos.changed(t.user_id);
            lifecycle::emit(state.task_deps(), &t.task_id, "updateTask").await;
        }
        Err(e) => tracing::error!("task {}: could not record the failure: {e}", t.task_id),
    }
}
