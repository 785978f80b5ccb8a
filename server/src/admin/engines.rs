//! Engines in the console: each ComfyUI server and fal, with what `aivg-server engines` says of
//! them (the same report: `tasks/comfyui/report.rs`, `tasks/engines/table.rs`) and their queue,
//! and an admin taking a server out of rotation and back (`tasks/rotation.rs`). Audited.

use super::AdminUser;
use super::audit;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::state::AppState;
use crate::tasks::comfyui::client::CallError;
use crate::tasks::engines::table;
use crate::tasks::rotation;
use aivg_core::tasks::TASK_MODULES;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};

/// A module a server cannot run, and what it lacks there.
#[derive(Debug, Serialize)]
pub struct Missing {
    pub module: &'static str,
    pub what: String,
}

/// One ComfyUI server.
#[derive(Debug, Serialize)]
pub struct ComfyServer {
    /// The console's id (`comfyui-1` is the first of `AIVG_COMFYUI_URL`).
    pub id: String,
    pub url: String,
    pub up: bool,
    /// Why it is down (empty when up).
    pub error: String,
    pub node_types: usize,
    /// The prompts it runs now and how many wait in its queue.
    pub running: Vec<String>,
    pub pending: usize,
    pub in_rotation: bool,
    /// The modules whose every workflow it can run.
    pub can_run: Vec<&'static str>,
    /// The modules it cannot run, with what it lacks (when it answers).
    pub missing: Vec<Missing>,
}

/// fal.ai, when `AIVG_FAL_KEY` is set.
#[derive(Debug, Serialize)]
pub struct FalEngine {
    pub id: &'static str,
    pub description: String,
    pub in_rotation: bool,
    pub can_run: Vec<&'static str>,
    pub missing: Vec<Missing>,
}

/// One module's route: its engines in order, the one that takes its tasks now and why the ones
/// before it cannot.
#[derive(Debug, Serialize)]
pub struct Route {
    pub module: &'static str,
    pub order: Vec<&'static str>,
    pub runs_on: Option<&'static str>,
    pub what: String,
    pub skipped: Vec<Missing>,
}

/// `GET /v1/admin/engines`.
#[derive(Debug, Serialize)]
pub struct EnginesReport {
    pub comfyui: Vec<ComfyServer>,
    pub fal: Option<FalEngine>,
    /// Where the routes come from (the engines file or the environment).
    pub source: String,
    pub routes: Vec<Route>,
}

/// `GET /v1/admin/engines`: every server probed now, with its queue, its rotation and what each
/// module needs there; then the routes, as `aivg-server engines` prints them.
pub async fn report(State(state): State<AppState>, _admin: AdminUser) -> ApiResult<EnginesReport> {
    let engines = state.tasks.engines();
    rotation::apply(&state.db.pool, engines).await;
    let mut comfyui = Vec::new();
    if let Some(comfy) = &engines.comfy {
        let r = comfy.report().await;
        for (n, b) in comfy.backends().all().iter().enumerate() {
            let url = b.base().to_owned();
            let (running, pending) = if b.is_up() {
                match b.client.queue().await {
                    Ok((running, pending)) => (running, pending.len()),
                    Err(CallError::Down(e)) => {
                        b.mark_down(&e);
                        (Vec::new(), 0)
                    }
                    Err(_) => (Vec::new(), 0),
                }
            } else {
                (Vec::new(), 0)
            };
            let node_types = r
                .servers
                .iter()
                .find(|(u, _, _)| *u == url)
                .map_or(0, |(_, _, nodes)| *nodes);
            let mut can_run = Vec::new();
            let mut missing = Vec::new();
            for m in r.modules.iter().filter(|m| !m.workflows.is_empty()) {
                if m.runnable_on.contains(&url) {
                    can_run.push(m.code);
                } else if let Some((_, what)) = m.lacking.iter().find(|(u, _)| *u == url) {
                    missing.push(Missing {
                        module: m.code,
                        what: what.clone(),
                    });
                } else if let Some(why) = m.why_not.as_ref().filter(|_| m.lacking.is_empty()) {
                    // The module's workflow could not be loaded: no server can run it.
                    missing.push(Missing {
                        module: m.code,
                        what: why.clone(),
                    });
                }
            }
            comfyui.push(ComfyServer {
                id: rotation::comfyui_id(n),
                in_rotation: comfy.backends().in_rotation(&url),
                up: b.is_up(),
                error: b.last_error(),
                url,
                node_types,
                running,
                pending,
                can_run,
                missing,
            });
        }
    }
    let fal = engines.fal.as_ref().map(|f| {
        let mut can_run = Vec::new();
        let mut missing = Vec::new();
        for m in TASK_MODULES.iter().filter(|m| !m.workflows().is_empty()) {
            match f.able(m, None) {
                Ok(_) => can_run.push(m.code),
                Err(what) => missing.push(Missing {
                    module: m.code,
                    what,
                }),
            }
        }
        FalEngine {
            id: rotation::FAL,
            description: f.describe(),
            in_rotation: engines.fal_in_rotation(),
            can_run,
            missing,
        }
    });
    let t = table::build(engines).await;
    let routes = t
        .rows
        .iter()
        .map(|r| Route {
            module: r.code,
            order: r.order.iter().map(|e| e.name()).collect(),
            runs_on: r.runs_on.as_ref().map(|(e, _)| e.name()),
            what: r
                .runs_on
                .as_ref()
                .map(|(_, w)| w.clone())
                .unwrap_or_default(),
            skipped: r
                .skipped
                .iter()
                .map(|(e, why)| Missing {
                    module: e.name(),
                    what: why.clone(),
                })
                .collect(),
        })
        .collect();
    ok(EnginesReport {
        comfyui,
        fal,
        source: t.source,
        routes,
    })
}

/// `{in}` of `POST /v1/admin/engines/{backend}/rotation`.
#[derive(Debug, Deserialize)]
pub struct RotationChange {
    #[serde(rename = "in")]
    pub in_rotation: bool,
}

/// The answer: the server and whether it is in rotation now.
#[derive(Debug, Serialize)]
pub struct RotationChanged {
    pub id: String,
    pub in_rotation: bool,
}

/// `POST /v1/admin/engines/{backend}/rotation {in}`: takes a server (`comfyui-N` or `fal`) out of
/// rotation (`in: false`: the dispatcher sends it no new prompt, the ones it runs finish) or puts
/// it back, on every instance (`tasks/rotation.rs`). An unknown server answers 404.
pub async fn set_rotation(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(backend): Path<String>,
    ApiJson(change): ApiJson<RotationChange>,
) -> ApiResult<RotationChanged> {
    let engines = state.tasks.engines();
    let key = rotation::key_of(engines, &backend).ok_or_else(|| {
        ApiError::not_found(format!(
            "no engine server is called {backend:?} (comfyui-1, comfyui-2, …, fal)"
        ))
    })?;
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    let was_in = rotation::store(&mut tx, &key, change.in_rotation, admin.id).await?;
    let word = |i: bool| if i { "in rotation" } else { "out of rotation" };
    audit::record(
        &mut tx,
        admin.id,
        "engine_rotation",
        &format!("engine:{key}"),
        word(was_in),
        word(change.in_rotation),
    )
    .await?;
    tx.commit().await?;
    rotation::apply(&state.db.pool, engines).await;
    ok(RotationChanged {
        id: backend,
        in_rotation: change.in_rotation,
    })
}
