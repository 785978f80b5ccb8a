//! Generation tasks (docs/behaviour/tasks-and-queue.md#task-modules "Task", #the-queue "Task queue
//! events", #task-modules "Generation, tools"; answers not shown, decided here and documented per
//! call).
//!
//! - `modules.rs`: the server side of core's module catalogue (the files a task names);
//! - `calls.rs`: create, result, batch, cancel, delete, retry, data_save, like; `list.rs` the list;
//!   `cancel.rs` what a cancel refunds;
//! - `instant.rs`: the free, immediate algorithms (sensitive checks, image_fkp, watermark download);
//!   `media_checks.rs` runs the local models behind the image and video ones;
//! - `prompt.rs`: prompt polish and image-to-prompt;
//! - `events.rs`: server-sent events of the user's task changes; `previews.rs` the running
//!   tasks' live previews, `preview_call.rs` their call;
//! - `lifecycle.rs`: every state change with its credits (charge on accept, refund exactly once
//!   on failure or cancel), on the pool and the parts it needs (no HTTP, no whole state);
//!   `record.rs` the task rows and their wire shape;
//! - `worker.rs`, `hub.rs`: the worker pool over the persistent queue; `recovery.rs`: heartbeats,
//!   and restarts fail-and-refund the tasks that were running and keep the queued ones;
//! - `provider.rs`, `local/`, `comfyui/`, `fal/`: the providers; `engines/`: which one runs each
//!   module (`AIVG_ENGINES_FILE` or the environment); `rotation.rs` the servers an admin took out
//!   of rotation.

pub mod call_answers;
pub mod calls;
pub mod cancel;
pub mod comfyui;
pub mod create_pg;
pub mod engines;
pub mod events;
pub mod fal;
pub mod hub;
pub mod instant;
pub mod lifecycle;
pub mod list;
pub mod local;
pub mod media_checks;
pub mod minutes;
pub mod modules;
pub mod notify;
pub mod preview_call;
pub mod previews;
pub mod prompt;
pub mod provider;
pub mod record;
pub mod recovery;
pub mod rotation;
pub mod settings;
pub mod streams;
pub mod worker;

pub use hub::{TaskEvent, Tasks};
pub use instant::CODE_UPGRADE_REQUIRED;
pub use lifecycle::CODE_INSUFFICIENT_CREDITS;
pub use settings::TaskSettings;
pub use worker::start;

use crate::state::AppState;
use axum::Router;
use axum::routing::{get, post};

/// The routes of this area, merged into the app router.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/ai/create/{algorithm}", post(calls::create))
        .route("/v1/ai/result/batch", post(calls::batch))
        .route("/v1/ai/result/{algorithm}/{id}", get(calls::result))
        .route("/v1/ai/task", post(list::list))
        .route("/v1/ai/cancel/{id}", post(calls::cancel))
        .route("/v1/ai/del/{id}", post(calls::delete))
        .route("/v1/ai/retry", post(calls::retry))
        .route("/v1/ai/task/data_save", post(calls::data_save))
        .route("/v1/ai/task/like", post(calls::like))
        .route("/v1/ai/prompt/polish", post(prompt::polish))
        .route("/v1/ai/prompt/img2prompt", post(prompt::img2prompt))
        .route("/v1/ai/events", get(events::events))
        .route("/v1/ai/events/ticket", post(events::ticket))
        .route("/v1/ai/preview/{id}", get(preview_call::latest))
        .route("/v1/ai/minutes", get(minutes::usage::usage))
}

impl AppState {
    /// The parts of the state the task lifecycle works with (it takes no more, so it runs
    /// without HTTP: see [`lifecycle::Deps`]).
    pub fn task_deps(&self) -> lifecycle::Deps<'_> {
        lifecycle::Deps {
            pool: &self.db.pool,
            backend: self.db.backend,
            gate: &self.db.write_gate,
            tasks: &self.tasks,
            files: &self.files,
            infos: &self.user_infos,
        }
    }
}
