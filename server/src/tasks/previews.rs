//! Live previews of running tasks (docs/behaviour/tasks-and-queue.md#live-previews): the latest
//! picture an engine showed while sampling (ComfyUI's binary preview frames), kept in memory per
//! task, at most one every core's `PREVIEW_EVERY_MS`, as a small JPEG. It is never stored as the
//! result and is forgotten when the task's job ends. Each kept preview is announced to the task's
//! owner on the event stream (`previewTask {task_id, preview}`), and
//! `GET /v1/ai/preview/{task_id}` (`preview_call.rs`) answers it to the owner.
//!
//! A preview lives in the memory of the instance that runs the task, and its event goes only to
//! that instance's streams (not through PostgreSQL's NOTIFY: a stream of pictures is no queue
//! event); behind a load balancer a user may miss previews, never the result.

use super::hub::{TaskEvent, Tasks};
use aivg_core::tasks::{PREVIEW_EVERY_MS, PREVIEW_MAX_BYTES, PREVIEW_MAX_SIDE};
use bytes::Bytes;
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The event that announces a new preview (not a queue event of the spec).
pub const PREVIEW_EVENT: &str = "previewTask";

#[derive(Debug)]
struct Preview {
    user_id: i64,
    jpeg: Bytes,
    at: Instant,
    /// How many were kept for the task: the event's `preview`, so a client asks again only for a new one.
    count: u64,
}

/// The latest preview of each running task (cheap to clone).
#[derive(Debug, Clone, Default)]
pub struct Previews {
    inner: Arc<Mutex<HashMap<String, Preview>>>,
}

impl Previews {
    /// Whether a preview of the task would be kept now (none kept in the last `PREVIEW_EVERY_MS`).
    pub fn due(&self, task_id: &str) -> bool {
        let every = Duration::from_millis(PREVIEW_EVERY_MS);
        self.inner
            .lock()
            .is_ok_and(|map| map.get(task_id).is_none_or(|p| p.at.elapsed() >= every))
    }

    /// Keeps `jpeg` as the task's latest preview; answers how many were kept for it.
    pub fn keep(&self, task_id: &str, user_id: i64, jpeg: Bytes) -> Option<u64> {
        let mut map = self.inner.lock().ok()?;
        let count = map.get(task_id).map_or(0, |p| p.count) + 1;
        map.insert(
            task_id.to_owned(),
            Preview {
                user_id,
                jpeg,
                at: Instant::now(),
                count,
            },
        );
        Some(count)
    }

    /// The task's latest preview, to its owner only.
    pub fn latest(&self, task_id: &str, user_id: i64) -> Option<Bytes> {
        let map = self.inner.lock().ok()?;
        map.get(task_id)
            .filter(|p| p.user_id == user_id)
            .map(|p| p.jpeg.clone())
    }

    /// Forgets the task's preview (its job ended).
    pub fn forget(&self, task_id: &str) {
        if let Ok(mut map) = self.inner.lock() {
            map.remove(task_id);
        }
    }

    /// How many tasks have a preview now.
    pub fn len(&self) -> usize {
        self.inner.lock().map_or(0, |map| map.len())
    }

    /// True when no task has a preview.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Where a running job's previews go: the runner's store and the owner's streams.
#[derive(Debug, Clone)]
pub struct PreviewSink {
    pub tasks: Tasks,
    pub task_id: String,
    pub user_id: i64,
}

impl PreviewSink {
    /// Offers a preview picture (JPEG or PNG bytes): kept and announced when one is due, as a
    /// JPEG within core's size limits; an unreadable picture is dropped.
    pub fn offer(&self, image: &[u8]) {
        let previews = self.tasks.previews();
        if !previews.due(&self.task_id) {
            return;
        }
        let Some(jpeg) = small_jpeg(image) else {
            tracing::debug!("task {}: an unreadable preview was dropped", self.task_id);
            return;
        };
        if let Some(count) = previews.keep(&self.task_id, self.user_id, jpeg) {
            // Only this instance's streams: see the module doc.
            self.tasks.emit_local(TaskEvent {
                user_id: self.user_id,
                name: PREVIEW_EVENT,
                data: json!({ "task_id": self.task_id, "taskId": self.task_id, "preview": count }),
            });
        }
    }
}

/// The picture as a JPEG within `PREVIEW_MAX_SIDE` and `PREVIEW_MAX_BYTES`: a JPEG already within
/// them as it is (ComfyUI's usual previews, read from the header only), else decoded, scaled down
/// and encoded again.
pub fn small_jpeg(image: &[u8]) -> Option<Bytes> {
    let reader = image::ImageReader::new(std::io::Cursor::new(image))
        .with_guessed_format()
        .ok()?;
    let format = reader.format()?;
    let (w, h) = reader.into_dimensions().ok()?;
    if format == image::ImageFormat::Jpeg
        && w.max(h) <= PREVIEW_MAX_SIDE
        && image.len() <= PREVIEW_MAX_BYTES
    {
        return Some(Bytes::copy_from_slice(image));
    }
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(aivg_core::imaging::MAX_SIDE);
    limits.max_image_height = Some(aivg_core::imaging::MAX_SIDE);
    let mut reader = image::ImageReader::new(std::io::Cursor::new(image))
        .with_guessed_format()
        .ok()?;
    reader.limits(limits);
    let picture = reader.decode().ok()?;
    let small = if picture.width().max(picture.height()) > PREVIEW_MAX_SIDE {
        picture.thumbnail(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE)
    } else {
        picture
    };
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 80)
        .encode_image(&small.to_rgb8())
        .ok()?;
    (out.len() <= PREVIEW_MAX_BYTES).then(|| Bytes::from(out))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = image::RgbImage::from_pixel(w, h, image::Rgb([10, 200, 30]));
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8)
            .unwrap();
        out
    }

    use image::ImageEncoder;

    #[test]
    fn previews_become_small_jpegs() {
        let jpeg = small_jpeg(&png(1024, 256)).unwrap();
        let img = image::load_from_memory(&jpeg).unwrap();
        assert_eq!(
            image::guess_format(&jpeg).unwrap(),
            image::ImageFormat::Jpeg
        );
        assert_eq!((img.width(), img.height()), (512, 128));
        // A small JPEG is kept byte for byte.
        assert_eq!(small_jpeg(&jpeg).unwrap(), jpeg);
        assert!(small_jpeg(b"not a picture").is_none());
    }

    #[test]
    fn one_preview_per_interval_to_its_owner_until_forgotten() {
        let p = Previews::default();
        assert!(p.due("t1"));
        assert_eq!(p.keep("t1", 7, Bytes::from_static(b"a")), Some(1));
        assert!(!p.due("t1"), "at most one per interval");
        assert!(p.due("t2"), "per task");
        assert_eq!(p.latest("t1", 7).unwrap(), Bytes::from_static(b"a"));
        assert!(p.latest("t1", 8).is_none(), "another user's task");
        p.forget("t1");
        assert!(p.latest("t1", 7).is_none());
        assert!(p.is_empty());
    }
}
