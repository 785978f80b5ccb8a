//! Engine servers in and out of rotation (docs/operations.md#the-operator-console): an admin
//! takes a ComfyUI server or fal out, and the dispatcher sends it no new prompt; prompts it
//! already runs finish. The state is the `engine_rotation` table, so it survives restarts and
//! every instance reads the same: each instance reads it again before it dispatches a task
//! ([`apply`]), so a change reaches every instance by its next task.

use super::engines::Engines;
use crate::clock;
use sqlx::{AnyConnection, AnyPool};

/// The name fal has in the table and in the console's routes.
pub const FAL: &str = "fal";

/// The console's id of the `n`-th (from 0) ComfyUI server of `AIVG_COMFYUI_URL`.
pub fn comfyui_id(n: usize) -> String {
    format!("comfyui-{}", n + 1)
}

/// The rotation key (the server's base URL, or [`FAL`]) of a console id, when it names a
/// configured server.
pub fn key_of(engines: &Engines, id: &str) -> Option<String> {
    if id == FAL {
        return engines.fal.as_ref().map(|_| FAL.to_owned());
    }
    let comfy = engines.comfy.as_ref()?;
    comfy
        .backends()
        .all()
        .iter()
        .enumerate()
        .find(|(n, _)| comfyui_id(*n) == id)
        .map(|(_, b)| b.base().to_owned())
}

/// The servers out of rotation, as stored.
pub async fn out_of_rotation(pool: &AnyPool) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT backend FROM engine_rotation WHERE in_rotation = 0")
        .fetch_all(pool)
        .await
}

/// Applies the stored state to this instance's engines.
pub fn set(engines: &Engines, out: &[String]) {
    if let Some(comfy) = &engines.comfy {
        comfy.backends().set_out_of_rotation(out);
    }
    engines.set_fal_out(out.iter().any(|k| k == FAL));
}

/// Reads the stored state and applies it (nothing to read when no ComfyUI server or fal is
/// configured). A failed read keeps the state last applied.
pub async fn apply(pool: &AnyPool, engines: &Engines) {
    if engines.comfy.is_none() && engines.fal.is_none() {
        return;
    }
    match out_of_rotation(pool).await {
        Ok(out) => set(engines, &out),
        Err(e) => tracing::warn!("engine rotation not read (the last one read holds): {e}"),
    }
}

/// Stores `key` in (`true`) or out of rotation, by admin `by`; answers whether it was in before.
pub async fn store(
    conn: &mut AnyConnection,
    key: &str,
    in_rotation: bool,
    by: i64,
) -> Result<bool, sqlx::Error> {
    let before: Option<i64> =
        sqlx::query_scalar("SELECT in_rotation FROM engine_rotation WHERE backend = $1")
            .bind(key)
            .fetch_optional(&mut *conn)
            .await?;
    sqlx::query(
        "INSERT INTO engine_rotation (backend, in_rotation, admin_id, changed_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT (backend) DO UPDATE SET in_rotation = excluded.in_rotation, admin_id = excluded.admin_id, changed_ms = excluded.changed_ms",
    )
    .bind(key)
    .bind(i64::from(in_rotation))
    .bind(by)
    .bind(clock::now_ms())
    .execute(&mut *conn)
    .await?;
    Ok(before.is_none_or(|v| v != 0))
}
