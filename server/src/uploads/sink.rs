//! An upload's bytes on their way into the object store: a file of at most one part goes up in
//! one PUT once it is whole; a larger one as a multipart upload of [`PART_SIZE`] parts, at most
//! [`PARTS_IN_FLIGHT`] at a time (so one upload holds at most about 3 parts in memory). Nothing is
//! visible at the path before [`Sink::finish`]; a sink dropped before it (a failed or cut-off
//! upload, or its request dropped) aborts the multipart upload, so the parts sent so far are
//! removed from the bucket.

use bytes::Bytes;
use object_store::path::Path as StorePath;
use object_store::{ObjectStore, PutPayload, WriteMultipart};
use std::sync::Arc;

/// Size of one part of a multipart upload (S3 takes 5 MiB to 5 GiB; 8 MiB is what the AWS
/// tools use): a 200 MB file is 24 parts.
pub const PART_SIZE: usize = 8 * 1024 * 1024;
/// Parts uploaded at once; the body is read no faster than they go up.
pub const PARTS_IN_FLIGHT: usize = 2;

/// Where an upload's bytes go; see the module's notes.
pub struct Sink {
    store: Arc<dyn ObjectStore>,
    path: StorePath,
    /// The bytes of a file not yet larger than one part.
    buffer: Vec<Bytes>,
    buffered: usize,
    /// The multipart upload, once the file is larger than one part.
    multipart: Option<WriteMultipart>,
}

impl std::fmt::Debug for Sink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sink")
            .field("path", &self.path)
            .field("buffered", &self.buffered)
            .field("multipart", &self.multipart.is_some())
            .finish()
    }
}

impl Sink {
    /// A sink of the object at `path` of `store`.
    pub fn new(store: Arc<dyn ObjectStore>, path: &str) -> Self {
        Self {
            store,
            path: StorePath::from(path),
            buffer: Vec::new(),
            buffered: 0,
            multipart: None,
        }
    }

    /// Takes the next bytes of the file; waits while [`PARTS_IN_FLIGHT`] parts are going up.
    pub async fn write(&mut self, chunk: Bytes) -> Result<(), object_store::Error> {
        if let Some(writer) = &mut self.multipart {
            writer.wait_for_capacity(PARTS_IN_FLIGHT).await?;
            writer.put(chunk);
            return Ok(());
        }
        self.buffered = self.buffered.saturating_add(chunk.len());
        self.buffer.push(chunk);
        if self.buffered > PART_SIZE {
            let upload = self.store.put_multipart(&self.path).await?;
            let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_SIZE);
            for b in self.buffer.drain(..) {
                writer.put(b);
            }
            self.buffered = 0;
            self.multipart = Some(writer);
        }
        Ok(())
    }

    /// Stores what was written as the object: one PUT, or the multipart upload's last part and
    /// its completion (which aborts it on failure).
    pub async fn finish(mut self) -> Result<(), object_store::Error> {
        match self.multipart.take() {
            Some(writer) => writer.finish().await.map(|_| ()),
            None => {
                let payload: PutPayload = std::mem::take(&mut self.buffer).into_iter().collect();
                self.store.put(&self.path, payload).await.map(|_| ())
            }
        }
    }
}

impl Drop for Sink {
    fn drop(&mut self) {
        let Some(writer) = self.multipart.take() else {
            return;
        };
        let path = self.path.clone();
        // Drop cannot wait: the abort runs on the runtime (there always is one: sinks live in
        // request handlers).
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                if let Err(e) = writer.abort().await {
                    tracing::warn!("could not abort the multipart upload of {path}: {e}");
                }
            });
        }
    }
}
