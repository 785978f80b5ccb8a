//! The model-backed instant algorithms (docs/behaviour/tasks-and-queue.md#task-modules names them;
//! answers not shown, decided here):
//!
//! - `i_sensitive_detect` → `{pass, words: [], score, threshold}`: the Open NSFW score of the
//!   picture; it passes below `AIVG_NSFW_THRESHOLD`;
//! - `v_sensitive_detect` → the same plus `frames`: the highest score among frames sampled by
//!   ffmpeg (one a second, at most `AIVG_NSFW_VIDEO_FRAMES`, spread over longer videos);
//! - `image_fkp` → `{width, height, faces: [{x, y, w, h, score, key_points: [{name, x, y}]}]}`:
//!   YuNet's faces, best first, in the picture's pixels (rounded to 0.1), each with its five key
//!   points (`right_eye`, `left_eye`, `nose_tip`, `right_mouth_corner`, `left_mouth_corner`).
//!
//! Without the model (not installed, or `AIVG_MODELS_DIR=off`) or, for videos, without ffmpeg,
//! the checks pass and `image_fkp` finds no faces; a `note` then says why. A file the model
//! cannot read is the caller's mistake (400); a model failure is ours (500), and the check does
//! not pass.

use crate::api::ApiError;
use crate::models::ModelFailure;
use crate::models::video::sample_frames;
use crate::state::AppState;
use crate::uploads::mediainfo;
use crate::uploads::objects::StoredObject;
use aivg_models::faces::{Face, KEY_POINTS};
use serde_json::{Value, json};

/// Side of the video frames handed to the classifier (its resize step).
const FRAME_SIDE: u32 = 256;

fn failure(e: ModelFailure) -> ApiError {
    match e {
        ModelFailure::BadInput(m) => ApiError::invalid("data.file_path", m),
        other => ApiError::internal(other),
    }
}

fn verdict(state: &AppState, score: f32) -> Value {
    let threshold = state.models.settings().nsfw_threshold;
    json!({
        "outputs": [],
        "pass": score < threshold,
        "words": [],
        "score": round(score, 1000.0),
        "threshold": threshold,
    })
}

fn passes_unchecked(kind: &str, why: &str) -> Value {
    json!({
        "outputs": [],
        "pass": true,
        "words": [],
        "note": format!("{why}: every {kind} passes"),
    })
}

fn round(v: f32, per: f32) -> f64 {
    f64::from((v * per).round() / per)
}

/// The result of `i_sensitive_detect` on an uploaded picture.
pub async fn image_check(state: &AppState, obj: &StoredObject) -> Result<Value, ApiError> {
    let file = state
        .files
        .get(&obj.oss_path)
        .await
        .map_err(ApiError::internal)?;
    match state.models.nsfw_image(file).await {
        Ok(score) => Ok(verdict(state, score)),
        Err(ModelFailure::Unavailable(why)) => Ok(passes_unchecked("image", &why)),
        Err(e) => Err(failure(e)),
    }
}

/// The result of `v_sensitive_detect` on an uploaded video.
pub async fn video_check(state: &AppState, obj: &StoredObject) -> Result<Value, ApiError> {
    if let Err(ModelFailure::Unavailable(why)) = state.models.nsfw_ready().await {
        // No model: do not spend an ffmpeg run on frames nobody scores.
        return Ok(passes_unchecked("video", &why));
    }
    let info = mediainfo::probe(&state.files, obj)
        .await
        .map_err(ApiError::internal)?;
    let local = state
        .files
        .local_file(&obj.oss_path)
        .await
        .map_err(ApiError::internal)?;
    let settings = state.models.settings();
    let frames = sample_frames(
        &state.tasks.settings().ffmpeg,
        &local.path,
        info.duration,
        settings.video_frames,
        FRAME_SIDE,
    )
    .await;
    let frames = match frames {
        Ok(f) => f,
        Err(ModelFailure::Unavailable(why)) => return Ok(passes_unchecked("video", &why)),
        Err(e) => return Err(failure(e)),
    };
    let count = frames.len();
    let score = state
        .models
        .nsfw_frames(frames, FRAME_SIDE)
        .await
        .map_err(failure)?;
    let mut result = verdict(state, score);
    if let Some(o) = result.as_object_mut() {
        o.insert("frames".into(), json!(count));
    }
    Ok(result)
}

fn face_json(f: &Face) -> Value {
    let r = |v: f32| round(v, 10.0);
    let points: Vec<Value> = KEY_POINTS
        .iter()
        .zip(f.key_points)
        .map(|(name, (x, y))| json!({ "name": name, "x": r(x), "y": r(y) }))
        .collect();
    json!({
        "x": r(f.x),
        "y": r(f.y),
        "w": r(f.w),
        "h": r(f.h),
        "score": round(f.score, 1000.0),
        "key_points": points,
    })
}

/// The result of `image_fkp` on an uploaded picture.
pub async fn face_points(state: &AppState, obj: &StoredObject) -> Result<Value, ApiError> {
    let info = mediainfo::probe(&state.files, obj)
        .await
        .map_err(ApiError::internal)?;
    let file = state
        .files
        .get(&obj.oss_path)
        .await
        .map_err(ApiError::internal)?;
    let (faces, note) = match state.models.faces(file).await {
        Ok(faces) => (faces.iter().map(face_json).collect(), None),
        Err(ModelFailure::Unavailable(why)) => {
            (Vec::new(), Some(format!("{why}: no faces are reported")))
        }
        Err(e) => return Err(failure(e)),
    };
    let mut result = json!({
        "outputs": [],
        "width": info.width,
        "height": info.height,
        "faces": faces,
    });
    if let (Some(o), Some(note)) = (result.as_object_mut(), note) {
        o.insert("note".into(), json!(note));
    }
    Ok(result)
}
