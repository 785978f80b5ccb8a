//! ComfyUI slots leased in the database (`comfyui_slots`, migration 0022), so that across the
//! instances of one cluster a server never gets more of our prompts than its slots
//! (docs/engines.md#a-fleet-of-gpus).
//!
//! The in-memory pick of `backends.rs` chooses the server (no call to any server, no query);
//! the lease only confirms it: one conditional upsert of the row (server, slot number), which
//! succeeds when the number is free or its lease expired, so of two instances taking the same
//! freed slot one wins and the other looks elsewhere. A confirm is one statement whatever the
//! number of servers.
//!
//! - The row names the task and this instance; its expiry is the task's own heartbeat lease
//!   (`worker::HEARTBEAT_TTL_MS`), renewed with each heartbeat ([`renew`]).
//! - It is deleted when ComfyUI is done with the prompt (before the outputs are fetched), or
//!   renamed for the task lined up behind that prompt ([`Lease::pass_to`], `deck.rs`).
//! - A draining instance leaves its rows: its prompts keep running, and whichever instance
//!   claims the task next takes its row over when it re-attaches ([`Leases::take_over`]).
//! - An instance that dies leaves its rows until they expire, when the task's heartbeat does
//!   (the task is then queued again by `recovery.rs`): its prompt, still on the server, shows
//!   in that server's `status` count, so no instance picks the server while it runs; the task's
//!   next run takes its row over (or, when the row was reclaimed after the prompt ended, only
//!   collects the prompt's outputs).

use crate::clock;
use sqlx::AnyPool;

/// Where this instance leases slots.
#[derive(Debug, Clone)]
pub struct Leases {
    pool: AnyPool,
    /// This instance's name (`tasks.owner`).
    instance: String,
    /// How long a lease lasts without renewal, in ms.
    ttl_ms: i64,
}

/// One slot held in the database.
#[derive(Debug, Clone)]
pub struct Lease {
    leases: Leases,
    backend: String,
    slot: i64,
    task_id: String,
}

impl Lease {
    /// Frees the slot (only while this instance holds it for this task).
    pub async fn free(self) {
        let r = sqlx::query(
            "DELETE FROM comfyui_slots WHERE backend = $1 AND slot = $2 AND task_id = $3 AND owner = $4",
        )
        .bind(&self.backend)
        .bind(self.slot)
        .bind(&self.task_id)
        .bind(&self.leases.instance)
        .execute(&self.leases.pool)
        .await;
        if let Err(e) = r {
            // It expires with the task's heartbeat.
            tracing::warn!(
                "comfyui {}: slot {} of task {} not freed: {e}",
                self.backend,
                self.slot,
                self.task_id
            );
        }
    }
}

impl Lease {
    /// Renames the lease for `task_id`, the task lined up that received the slot
    /// (`deck.rs`), with a fresh expiry; the statement is returned to be run.
    pub fn pass_to(
        &mut self,
        task_id: &str,
    ) -> impl std::future::Future<Output = ()> + Send + 'static {
        let old = std::mem::replace(&mut self.task_id, task_id.to_owned());
        let this = self.clone();
        async move {
            let r = sqlx::query(
                "UPDATE comfyui_slots SET task_id = $1, expires_ms = $2 WHERE backend = $3 AND slot = $4 AND task_id = $5 AND owner = $6",
            )
            .bind(&this.task_id)
            .bind(clock::now_ms() + this.leases.ttl_ms)
            .bind(&this.backend)
            .bind(this.slot)
            .bind(&old)
            .bind(&this.leases.instance)
            .execute(&this.leases.pool)
            .await;
            if let Err(e) = r {
                // Left under the task before it, the row expires without that task's heartbeat.
                tracing::warn!(
                    "comfyui {}: slot {} not passed from task {old} to {}: {e}",
                    this.backend,
                    this.slot,
                    this.task_id
                );
            }
        }
    }
}

impl Leases {
    pub fn new(pool: AnyPool, instance: &str, ttl_ms: i64) -> Self {
        Self {
            pool,
            instance: instance.to_owned(),
            ttl_ms,
        }
    }

    fn lease(&self, backend: &str, slot: i64, task_id: &str) -> Lease {
        Lease {
            leases: self.clone(),
            backend: backend.to_owned(),
            slot,
            task_id: task_id.to_owned(),
        }
    }

    /// Takes a free (or expired) slot of `backend`, one of `slots` numbers tried from `first`
    /// on, for `task_id`; `None` when every number is held by a live lease.
    pub async fn take(
        &self,
        backend: &str,
        slots: usize,
        first: usize,
        task_id: &str,
    ) -> Result<Option<Lease>, sqlx::Error> {
        let slots = slots.max(1);
        for k in 0..slots {
            let slot = i64::try_from((first + k) % slots).unwrap_or(0);
            let now = clock::now_ms();
            // Inserted when the number is free; taken over when its lease expired; left alone
            // (no row changed) while another holder's lease lasts.
            let done = sqlx::query(
                "INSERT INTO comfyui_slots (backend, slot, task_id, owner, expires_ms) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (backend, slot) DO UPDATE SET task_id = excluded.task_id, owner = excluded.owner, expires_ms = excluded.expires_ms
                 WHERE comfyui_slots.expires_ms < $6",
            )
            .bind(backend)
            .bind(slot)
            .bind(task_id)
            .bind(&self.instance)
            .bind(now + self.ttl_ms)
            .bind(now)
            .execute(&self.pool)
            .await?;
            if done.rows_affected() > 0 {
                return Ok(Some(self.lease(backend, slot, task_id)));
            }
        }
        Ok(None)
    }

    /// Takes over the slot `task_id` already holds on `backend` (its prompt is there: a
    /// restart, or a dead instance's task claimed again), whoever held it; `None` when it holds
    /// none there.
    pub async fn take_over(
        &self,
        backend: &str,
        task_id: &str,
    ) -> Result<Option<Lease>, sqlx::Error> {
        let slot: Option<i64> = sqlx::query_scalar(
            "UPDATE comfyui_slots SET owner = $1, expires_ms = $2 WHERE backend = $3 AND task_id = $4 RETURNING slot",
        )
        .bind(&self.instance)
        .bind(clock::now_ms() + self.ttl_ms)
        .bind(backend)
        .bind(task_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(slot.map(|s| self.lease(backend, s, task_id)))
    }
}

/// Renews the slots `task_id` holds for `instance` (with the task's heartbeat).
pub async fn renew(pool: &AnyPool, instance: &str, task_id: &str, expires_ms: i64) {
    let r =
        sqlx::query("UPDATE comfyui_slots SET expires_ms = $1 WHERE task_id = $2 AND owner = $3")
            .bind(expires_ms)
            .bind(task_id)
            .bind(instance)
            .execute(pool)
            .await;
    if let Err(e) = r {
        tracing::warn!("task {task_id}: ComfyUI slot lease not renewed: {e}");
    }
}
