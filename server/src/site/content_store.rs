//! The site content in the database (docs/architecture.md#content-store): one `site_content` row
//! per kind of [`KINDS`] holding the whole validated JSON document and its version, read into an
//! in-memory snapshot ([`Content`]) that the public handlers read.
//!
//! - At start an empty table is filled from `server/seed/` (the first import; a fresh clone
//!   serves exactly the seed), then every row is read, built and checked ([`build`]) into the
//!   snapshot.
//! - An edit ([`save`]) builds and checks the whole content with the edited document first (the
//!   same checks as the seed files, a message naming the item and the field), writes it in the
//!   transaction of its audit row, and after the commit the snapshot is rebuilt from the
//!   database and swapped whole: a reader holds one snapshot, so the public site never serves
//!   half an edit.
//! - On PostgreSQL the edit's transaction also sends `NOTIFY aivg_content_changed`; every
//!   instance listens ([`listen`]) and rebuilds its snapshot within a second, as user infos do
//!   (`accounts/user_infos.rs`).
//!
//! A snapshot is swapped in only when its versions are at least the ones it replaces (each row's
//! version only grows), so a slow rebuild never brings back an older edit.

use super::seed::{KINDS, Seeds, build, seed_text};
use crate::api::ApiError;
use crate::store::catalog::Catalog;
use sqlx::AnyPool;
use std::collections::BTreeMap;
use std::ops::Deref;
use std::sync::{Arc, RwLock};

/// The channel of content edits (PostgreSQL); the payload is the kind.
pub const CHANNEL: &str = "aivg_content_changed";

/// One snapshot: the built content and the version of each kind it was built from.
#[derive(Debug)]
pub struct Snapshot {
    pub seeds: Seeds,
    pub versions: BTreeMap<String, i64>,
}

impl Snapshot {
    fn version_sum(&self) -> i64 {
        self.versions.values().sum()
    }
}

/// The content snapshot of this instance (cheap to clone: one shared cell).
#[derive(Debug, Clone)]
pub struct Content {
    current: Arc<RwLock<Option<Arc<Snapshot>>>>,
}

impl Default for Content {
    fn default() -> Self {
        Self::from_seed()
    }
}

impl Content {
    /// The compiled seed, until [`start`] has read the database.
    pub fn from_seed() -> Self {
        let built = build(|k| seed_text(k).map(str::to_owned), true);
        if let Err(e) = &built {
            tracing::error!("the seed does not load: {e}");
        }
        let snapshot = built.ok().map(|seeds| {
            Arc::new(Snapshot {
                seeds,
                versions: KINDS.iter().map(|(k, _)| ((*k).to_owned(), 0)).collect(),
            })
        });
        Self {
            current: Arc::new(RwLock::new(snapshot)),
        }
    }

    /// The current snapshot (held by the caller for the whole answer).
    pub fn snapshot(&self) -> Result<Arc<Snapshot>, ApiError> {
        let guard = self
            .current
            .read()
            .map_err(|_| ApiError::internal("content: snapshot lock poisoned"))?;
        guard
            .clone()
            .ok_or_else(|| ApiError::internal("content: the site content does not load"))
    }

    /// The store's SKUs and prices of the current snapshot (`store/catalog.rs`): a call holds it
    /// for its whole answer, so an admin's edit of the SKUs shows from the next request on and
    /// never half applied (docs/operations.md#editing-content).
    pub fn catalog(&self) -> Result<CatalogRef, ApiError> {
        self.snapshot().map(CatalogRef)
    }

    /// Swaps in `next` unless the current snapshot is newer.
    fn install(&self, next: Snapshot) {
        if let Ok(mut guard) = self.current.write() {
            let newer = guard
                .as_ref()
                .is_none_or(|cur| next.version_sum() >= cur.version_sum());
            if newer {
                *guard = Some(Arc::new(next));
            }
        }
    }
}

/// The catalog of one snapshot ([`Content::catalog`]).
#[derive(Debug, Clone)]
pub struct CatalogRef(Arc<Snapshot>);

impl Deref for CatalogRef {
    type Target = Catalog;

    fn deref(&self) -> &Catalog {
        &self.0.seeds.catalog
    }
}

/// The stored documents: kind → (body, version).
pub async fn documents(pool: &AnyPool) -> Result<BTreeMap<String, (String, i64)>, sqlx::Error> {
    let rows: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT kind, body, version FROM site_content")
            .fetch_all(pool)
            .await?;
    Ok(rows.into_iter().map(|(k, b, v)| (k, (b, v))).collect())
}

/// Fills the kinds missing from the table from the seed (the first import), then reads the
/// snapshot. A stored content that does not build is logged and the seed is served.
pub async fn start(pool: &AnyPool, content: &Content) -> Result<(), sqlx::Error> {
    for (kind, text) in KINDS {
        sqlx::query(
            "INSERT INTO site_content (kind, body, version, admin_id, updated_ms) VALUES ($1, $2, 1, 0, $3)
             ON CONFLICT (kind) DO NOTHING",
        )
        .bind(kind)
        .bind(text)
        .bind(crate::clock::now_ms())
        .execute(pool)
        .await?;
    }
    reload(pool, content).await
}

/// Rebuilds the snapshot from the database and swaps it in (kept as it is when the stored
/// content does not build, which [`save`] prevents).
pub async fn reload(pool: &AnyPool, content: &Content) -> Result<(), sqlx::Error> {
    let docs = documents(pool).await?;
    let built = build(|k| docs.get(k).map(|(b, _)| b.clone()), false);
    match built {
        Ok(seeds) => content.install(Snapshot {
            seeds,
            versions: docs.iter().map(|(k, (_, v))| (k.clone(), *v)).collect(),
        }),
        Err(e) => tracing::error!("content: the stored content does not load (kept the last): {e}"),
    }
    Ok(())
}

/// Why an edit was refused.
#[derive(Debug)]
pub enum SaveError {
    /// The content with this document does not build: the message names the item and field.
    Invalid(String),
    /// The document changed since `version` was read.
    Stale {
        current: i64,
    },
    Db(sqlx::Error),
}

impl From<sqlx::Error> for SaveError {
    fn from(e: sqlx::Error) -> Self {
        Self::Db(e)
    }
}

impl From<SaveError> for ApiError {
    fn from(e: SaveError) -> Self {
        match e {
            SaveError::Invalid(msg) => ApiError::invalid("document", msg),
            SaveError::Stale { current } => ApiError::new(
                axum::http::StatusCode::CONFLICT,
                409,
                format!(
                    "version: the content changed meanwhile (now version {current}); reload and edit again"
                ),
            ),
            SaveError::Db(e) => e.into(),
        }
    }
}

/// Writes `body` as the document of `kind` in `tx`, if the stored version is still `version`
/// and the whole content builds with it; answers the document before and the new version. On
/// PostgreSQL the commit notifies every instance ([`CHANNEL`]).
pub async fn save(
    tx: &mut sqlx::AnyConnection,
    pg: bool,
    kind: &str,
    body: &str,
    version: i64,
    admin: i64,
) -> Result<(String, i64), SaveError> {
    let rows: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT kind, body, version FROM site_content")
            .fetch_all(&mut *tx)
            .await?;
    let (before, current) = rows
        .iter()
        .find(|(k, _, _)| k == kind)
        .map(|(_, b, v)| (b.clone(), *v))
        .ok_or_else(|| SaveError::Invalid(format!("no content kind {kind:?}")))?;
    if current != version {
        return Err(SaveError::Stale { current });
    }
    build(
        |k| {
            if k == kind {
                Some(body.to_owned())
            } else {
                rows.iter()
                    .find(|(r, _, _)| r == k)
                    .map(|(_, b, _)| b.clone())
            }
        },
        false,
    )
    .map_err(SaveError::Invalid)?;
    let done = sqlx::query(
        "UPDATE site_content SET body = $1, version = version + 1, admin_id = $2, updated_ms = $3
         WHERE kind = $4 AND version = $5",
    )
    .bind(body)
    .bind(admin)
    .bind(crate::clock::now_ms())
    .bind(kind)
    .bind(version)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(SaveError::Stale {
            current: version + 1,
        });
    }
    if pg {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(kind)
            .execute(&mut *tx)
            .await?;
    }
    Ok((before, version + 1))
}

/// Listens for [`CHANNEL`] (PostgreSQL) and rebuilds the snapshot on each edit, until `stop`
/// turns true. Connected before this returns; when the connection drops it rebuilds (an edit
/// may have been missed) and reconnects.
pub async fn listen(
    url: &str,
    pool: AnyPool,
    content: Content,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> Result<(), sqlx::Error> {
    let mut listener = sqlx::postgres::PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    tokio::spawn(async move {
        loop {
            let next = tokio::select! {
                next = listener.try_recv() => next,
                _ = stop.changed() => return,
            };
            if let Err(e) = &next {
                tracing::warn!("content: listen: {e}");
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            }
            if let Err(e) = reload(&pool, &content).await {
                tracing::warn!("content: reload: {e}");
            }
        }
    });
    Ok(())
}
