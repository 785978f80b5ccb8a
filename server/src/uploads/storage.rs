//! Where file bytes live: an `object_store` — a folder (`{data}/objects`) by default, an
//! S3-compatible bucket when `AIVG_S3_BUCKET` is set — plus the URL signer and the public origin
//! used in the URLs handed out.

use super::signing::{Action, Signer};
use crate::config::Config;
use bytes::Bytes;
use futures_util::StreamExt;
use object_store::ObjectStore;
use object_store::local::LocalFileSystem;
use object_store::path::Path as StorePath;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::io::AsyncWriteExt;

/// Download URLs stay valid 24 hours: long enough for a result page left open all day.
pub const DOWNLOAD_URL_LIFETIME_S: i64 = 24 * 3600;
/// Upload URLs stay valid 1 hour.
pub const UPLOAD_URL_LIFETIME_S: i64 = 3600;

/// The object store, the signer and the origin of the URLs.
#[derive(Clone)]
pub struct Files {
    store: Arc<dyn ObjectStore>,
    /// The folder of the objects when stored locally (external programs read files in place).
    local_root: Option<PathBuf>,
    /// A scratch folder for copies handed to external programs.
    tmp_dir: PathBuf,
    /// Why the configured store could not be built (refused at start).
    problem: Option<String>,
    signer: Signer,
    /// `AIVG_PUBLIC_URL`, else `http://{bound address}`; no trailing slash.
    public_base: String,
    pub ffprobe: String,
}

impl std::fmt::Debug for Files {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Files")
            .field("store", &self.store.to_string())
            .field("public_base", &self.public_base)
            .finish()
    }
}

impl Files {
    /// Builds the store of the configuration. A store that cannot be built is reported by
    /// [`Files::check`], which the server calls before it starts serving.
    pub fn new(cfg: &Config, secret: &[u8]) -> Self {
        let s = &cfg.uploads;
        let root = cfg.data_dir.join("objects");
        let tmp_dir = cfg.data_dir.join("tmp");
        let mut problem = None;
        let (store, local_root): (Arc<dyn ObjectStore>, Option<PathBuf>) = match &s.s3_bucket {
            Some(bucket) => {
                let mut b = object_store::aws::AmazonS3Builder::from_env().with_bucket_name(bucket);
                if let Some(region) = &s.s3_region {
                    b = b.with_region(region);
                }
                match (&s.s3_access_key_id, &s.s3_secret_access_key) {
                    (Some(id), Some(secret)) => {
                        b = b.with_access_key_id(id).with_secret_access_key(secret);
                    }
                    (None, None) => {}
                    _ => {
                        problem = Some(
                            "AIVG_S3_ACCESS_KEY_ID and AIVG_S3_SECRET_ACCESS_KEY go together: set both or neither".into(),
                        );
                    }
                }
                if let Some(endpoint) = &s.s3_endpoint {
                    b = b
                        .with_endpoint(endpoint)
                        .with_allow_http(endpoint.starts_with("http://"));
                }
                match b.build() {
                    Ok(s3) if problem.is_none() => (Arc::new(s3), None),
                    Ok(_) => (Arc::new(object_store::memory::InMemory::new()), None),
                    Err(e) => {
                        problem = Some(format!("AIVG_S3_BUCKET={bucket}: {e}"));
                        (Arc::new(object_store::memory::InMemory::new()), None)
                    }
                }
            }
            None => {
                let made = std::fs::create_dir_all(&root)
                    .map_err(|e| e.to_string())
                    .and_then(|()| {
                        LocalFileSystem::new_with_prefix(&root).map_err(|e| e.to_string())
                    });
                match made {
                    Ok(fs) => (Arc::new(fs), Some(root)),
                    Err(e) => {
                        problem = Some(format!("{}: {e}", root.display()));
                        (Arc::new(object_store::memory::InMemory::new()), None)
                    }
                }
            }
        };
        let public_base = match &cfg.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{}", cfg.addr),
        };
        Self {
            store,
            local_root,
            tmp_dir,
            problem,
            signer: Signer::new(secret),
            public_base,
            ffprobe: s.ffprobe.clone().unwrap_or_else(|| "ffprobe".into()),
        }
    }

    /// `Err` with the reason when the configured store could not be built.
    pub fn check(&self) -> Result<(), String> {
        self.problem.clone().map_or(Ok(()), Err)
    }

    /// The underlying store.
    pub fn store(&self) -> &Arc<dyn ObjectStore> {
        &self.store
    }

    /// The signer of the URLs.
    pub fn signer(&self) -> &Signer {
        &self.signer
    }

    /// Stores `bytes` at `path`, replacing what was there.
    pub async fn put(&self, path: &str, bytes: Bytes) -> Result<(), object_store::Error> {
        self.store
            .put(&StorePath::from(path), bytes.into())
            .await
            .map(|_| ())
    }

    /// The whole object.
    pub async fn get(&self, path: &str) -> Result<Bytes, object_store::Error> {
        self.store.get(&StorePath::from(path)).await?.bytes().await
    }

    /// Up to `len` first bytes of the object (less when it is shorter).
    pub async fn head_bytes(
        &self,
        path: &str,
        len: u64,
        size: u64,
    ) -> Result<Bytes, object_store::Error> {
        let end = len.min(size);
        if end == 0 {
            return Ok(Bytes::new());
        }
        self.store.get_range(&StorePath::from(path), 0..end).await
    }

    /// Removes the object; a missing object is not an error.
    pub async fn delete(&self, path: &str) -> Result<(), object_store::Error> {
        match self.store.delete(&StorePath::from(path)).await {
            Err(object_store::Error::NotFound { .. }) | Ok(()) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// A file system path of the object for an external program (ffmpeg, ffprobe): the file
    /// itself when stored locally, else a scratch copy that the returned guard removes.
    pub async fn local_file(&self, path: &str) -> Result<LocalFile, String> {
        if let Some(root) = &self.local_root {
            return Ok(LocalFile {
                path: root.join(path),
                remove: false,
            });
        }
        let ext = path.rsplit_once('.').map(|(_, e)| e).unwrap_or("bin");
        let file = self.scratch_file(ext).await?;
        // Streamed: a 200 MB video never sits whole in memory.
        let mut stream = self
            .store
            .get(&StorePath::from(path))
            .await
            .map_err(|e| e.to_string())?
            .into_stream();
        let mut out = tokio::fs::File::create(&file.path)
            .await
            .map_err(|e| format!("{}: {e}", file.path.display()))?;
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| e.to_string())?;
            out.write_all(&chunk)
                .await
                .map_err(|e| format!("{}: {e}", file.path.display()))?;
        }
        out.flush()
            .await
            .map_err(|e| format!("{}: {e}", file.path.display()))?;
        Ok(file)
    }

    /// A fresh path in the scratch folder (removed when the guard drops).
    pub async fn scratch_file(&self, ext: &str) -> Result<LocalFile, String> {
        tokio::fs::create_dir_all(&self.tmp_dir)
            .await
            .map_err(|e| e.to_string())?;
        let name = format!("{}.{ext}", crate::ids::random_token(16));
        Ok(LocalFile {
            path: self.tmp_dir.join(name),
            remove: true,
        })
    }

    /// A signed download URL of `path` and its expiry (epoch s).
    pub fn download_url(&self, path: &str, attachment: bool, now_s: i64) -> (String, i64) {
        let expires = now_s + DOWNLOAD_URL_LIFETIME_S;
        let dispose = if attachment { "attachment" } else { "inline" };
        let sig = self.signer.sign(Action::Download, path, expires, dispose);
        let extra = if attachment {
            "&dispose=attachment"
        } else {
            ""
        };
        (
            format!(
                "{}/oss/file/{path}?expires={expires}&sig={sig}{extra}",
                self.public_base
            ),
            expires,
        )
    }

    /// A signed upload URL of `path` and its expiry (epoch s).
    pub fn upload_url(&self, path: &str, now_s: i64) -> (String, i64) {
        let expires = now_s + UPLOAD_URL_LIFETIME_S;
        let sig = self.signer.sign(Action::Upload, path, expires, "");
        (
            format!(
                "{}/oss/upload/{path}?expires={expires}&sig={sig}",
                self.public_base
            ),
            expires,
        )
    }
}

/// A file on disk for an external program; scratch copies are removed on drop.
#[derive(Debug)]
pub struct LocalFile {
    pub path: PathBuf,
    remove: bool,
}

impl Drop for LocalFile {
    fn drop(&mut self) {
        if self.remove {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::uploads::UploadSettings;

    fn on_s3(f: impl FnOnce(&mut UploadSettings)) -> Result<(), String> {
        let dir = std::env::temp_dir().join("aivg-storage-test");
        let mut cfg = Config::for_tests(dir);
        cfg.uploads.s3_bucket = Some("b".into());
        cfg.uploads.s3_endpoint = Some("http://127.0.0.1:9".into());
        f(&mut cfg.uploads);
        Files::new(&cfg, b"secret").check()
    }

    #[test]
    fn the_bucket_key_needs_both_halves() {
        let err = on_s3(|u| u.s3_access_key_id = Some("id".into())).unwrap_err();
        assert!(err.contains("AIVG_S3_SECRET_ACCESS_KEY"), "{err}");
        let err = on_s3(|u| u.s3_secret_access_key = Some("s".into())).unwrap_err();
        assert!(err.contains("AIVG_S3_ACCESS_KEY_ID"), "{err}");
        on_s3(|u| {
            u.s3_access_key_id = Some("id".into());
            u.s3_secret_access_key = Some("s".into());
        })
        .unwrap();
    }
}
