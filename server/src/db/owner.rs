//! Whether this process is the only server on its SQLite file.
//!
//! An SQLite database is one server's (docs/operations.md: several instances share PostgreSQL).
//! The server takes an exclusive lock on a file beside the database (`<database>.owner`) when it
//! connects and holds it until it stops. Holding it means no other live process runs tasks on the
//! file, so a task left `running` there was lost with a process that died (`kill -9`, a power
//! cut): the start queues it again at once instead of waiting for its heartbeat to expire
//! (`tasks::recovery`). If the lock is held elsewhere (two servers on one file, which is not
//! supported), the server runs as on a shared database and waits for heartbeats.
//!
//! The lock is `flock`'s (std's `File::try_lock`), on a file of its own: SQLite's own locks are
//! POSIX record locks on the database, which closing any other handle of that file would drop.

use std::fs::{File, OpenOptions};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};

/// The lock, while held (`None` after [`Ownership::let_go`], or when it could not be taken).
#[derive(Debug, Clone, Default)]
pub struct Ownership {
    lock: Arc<Mutex<Option<File>>>,
}

impl Ownership {
    /// Tries to take the lock of the SQLite database at `url` (an in-memory database, or one
    /// whose lock file cannot be made, is not owned).
    pub fn claim(url: &str) -> Self {
        let file = lock_path(url).and_then(|path| {
            let file = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(|e| tracing::warn!("{}: {e}", path.display()))
                .ok()?;
            match file.try_lock() {
                Ok(()) => Some(file),
                Err(e) => {
                    tracing::warn!(
                        "{}: {e}: another server uses this database; lost tasks wait for their heartbeat to expire",
                        path.display()
                    );
                    None
                }
            }
        });
        Self {
            lock: Arc::new(Mutex::new(file)),
        }
    }

    /// Whether this process holds the lock.
    pub fn held(&self) -> bool {
        self.lock
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }

    /// Lets go of the lock (a stop: the next server on the file may take it).
    pub fn let_go(&self) {
        let file = self
            .lock
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        drop(file);
    }
}

fn lock_path(url: &str) -> Option<PathBuf> {
    let options = sqlx::sqlite::SqliteConnectOptions::from_str(url).ok()?;
    let db = options.get_filename();
    let name = db.file_name()?.to_str()?;
    if name.is_empty() || name == ":memory:" || url.contains("memory") {
        return None;
    }
    Some(db.with_file_name(format!("{name}.owner")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_owner_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/aivg.db?mode=rwc", dir.path().display());
        let first = Ownership::claim(&url);
        assert!(first.held());
        assert!(dir.path().join("aivg.db.owner").exists());
        assert!(!Ownership::claim(&url).held(), "held by the first");
        first.let_go();
        assert!(Ownership::claim(&url).held(), "free again after a stop");
        assert!(!Ownership::claim("sqlite::memory:").held());
    }
}
