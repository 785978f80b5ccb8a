//! `POST /v1/workflow/direct {tpl_id, fields?}` → the ready-to-send generation request of a
//! template: `{tpl_id, algorithm, module, create_path, payload: {data, user_data}, request}`.
//!
//! Decision: it checks the fields against the template's request fields but starts nothing; the
//! client posts `payload` to `create_path` (the tasks area owns task creation). Video effects run
//! the `effect` task module, image effects `image2image`, both with `user_data.module` effect and
//! `file_path` (plus `file_path_2`, `prompt`) in `data`; audio templates run `mai_tcm` with
//! `user_data.module` txt2Music.
//!
//! Two-image templates (a kind with `ratio_lower`/`ratio_upper`) also check
//! docs/behaviour/uploads.md#aspect-ratios: the quotient of the two uploads' height/width ratios
//! (first over second, core's `images_ratio_ok`) must lie within the bounds, else 400 on
//! `fields.file_path_2`. The sizes are read from the signed-in caller's own uploads (`objects` +
//! the image header); when there is no valid token, a file is not the caller's or not an image, or
//! a size cannot be read, the check is skipped and the provider reports whatever is wrong.

use super::seed::TemplateKind;
use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::params;
use crate::state::AppState;
use crate::uploads::{mediainfo, objects, paths};
use axum::body::Bytes;
use axum::extract::State;
use serde::Serialize;
use serde_json::{Map, Value};

/// What generating with a template takes: the call to make and its body.
#[derive(Debug, Serialize)]
pub struct Direct {
    pub tpl_id: i64,
    pub algorithm: String,
    pub module: String,
    pub create_path: String,
    pub payload: Payload,
    pub request: Vec<Value>,
}

/// The body of the create call.
#[derive(Debug, Serialize)]
pub struct Payload {
    pub data: Map<String, Value>,
    pub user_data: TemplateUserData,
}

/// The `user_data` a template's task keeps (docs/behaviour/tasks-and-queue.md#task-modules lists
/// module, isFromTpl, name).
#[derive(Debug, Serialize)]
pub struct TemplateUserData {
    pub module: String,
    #[serde(rename = "isFromTpl")]
    pub is_from_tpl: bool,
    pub name: String,
    pub tpl_id: i64,
}

/// `POST /v1/workflow/direct` (a token is optional: it only lets the two-image check read sizes).
pub async fn direct(
    State(state): State<AppState>,
    user: Result<AuthUser, ApiError>,
    body: Bytes,
) -> ApiResult<Direct> {
    let body = params::object_body(&body)?;
    let snap = state.content.snapshot()?;
    let s = &snap.seeds;
    let id = params::json_int(
        "tpl_id",
        body.get("tpl_id").unwrap_or(&Value::Null),
        1,
        i64::MAX,
    )?
    .ok_or_else(|| ApiError::invalid("tpl_id", "missing: give the template id"))?;
    let t = super::workflow::find(s, id)
        .map_err(|_| ApiError::invalid("tpl_id", format!("no template {id}")))?;
    let kind = s
        .templates
        .kinds
        .get(&t.kind)
        .ok_or_else(|| ApiError::internal("template kind"))?;
    let empty = Map::new();
    let fields = match body.get("fields") {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(m)) => m,
        Some(other) => {
            return Err(ApiError::invalid(
                "fields",
                format!("must be an object of field values, got {other}"),
            ));
        }
    };
    let known: Vec<&str> = kind
        .request
        .iter()
        .filter_map(|f| f.get("field").and_then(Value::as_str))
        .collect();
    if let Some(unknown) = fields.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(ApiError::invalid(
            &format!("fields.{unknown}"),
            format!("not a field of this template: use {}", known.join(", ")),
        ));
    }
    if !fields.is_empty() {
        for f in &kind.request {
            let name = f.get("field").and_then(Value::as_str).unwrap_or_default();
            let required = f.get("required").and_then(Value::as_bool).unwrap_or(false);
            let given = fields
                .get(name)
                .and_then(Value::as_str)
                .is_some_and(|v| !v.trim().is_empty());
            if required && !given {
                return Err(ApiError::invalid(&format!("fields.{name}"), "required"));
            }
        }
    }
    if let Ok(user) = &user {
        check_two_images(&state, user, kind, fields).await?;
    }
    let user_data = TemplateUserData {
        module: kind.module.clone(),
        is_from_tpl: true,
        name: t.name.clone(),
        tpl_id: t.tpl_id,
    };
    ok(Direct {
        tpl_id: t.tpl_id,
        algorithm: kind.algorithm.clone(),
        module: kind.module.clone(),
        create_path: format!("/v1/ai/create/{}", kind.algorithm),
        payload: Payload {
            data: fields.clone(),
            user_data,
        },
        request: kind.request.clone(),
    })
}

/// docs/behaviour/uploads.md#aspect-ratios: the two uploads' height/width ratio quotient within the
/// kind's bounds.
async fn check_two_images(
    state: &AppState,
    user: &AuthUser,
    kind: &TemplateKind,
    fields: &Map<String, Value>,
) -> Result<(), ApiError> {
    let (Some(lower), Some(upper)) = (kind.ratio_lower, kind.ratio_upper) else {
        return Ok(());
    };
    let Some((w1, h1)) = image_size(state, user, fields, "file_path").await else {
        return Ok(());
    };
    let Some((w2, h2)) = image_size(state, user, fields, "file_path_2").await else {
        return Ok(());
    };
    // A core error (a zero side, bad bounds) means we cannot judge: let the provider decide.
    if aivg_core::crop::images_ratio_ok(w1, h1, w2, h2, lower, upper).unwrap_or(true) {
        return Ok(());
    }
    let (r1, r2) = (f64::from(h1) / f64::from(w1), f64::from(h2) / f64::from(w2));
    Err(ApiError::invalid(
        "fields.file_path_2",
        format!(
            "the two images' shapes differ too much: the first image's height/width ratio \
             ({r1:.2}) is {:.2} times the second's ({r2:.2}), and this template allows \
             {lower:.2} to {upper:.2} times; crop one image to a shape closer to the other",
            r1 / r2
        ),
    ))
}

/// The pixel size of the caller's uploaded image named in `fields[field]`, when readable.
async fn image_size(
    state: &AppState,
    user: &AuthUser,
    fields: &Map<String, Value>,
    field: &str,
) -> Option<(u32, u32)> {
    let raw = fields.get(field)?.as_str()?;
    let path = paths::normalise(raw)?;
    if !path.starts_with(&paths::user_prefix(&user.uid)) {
        return None;
    }
    let obj = objects::find(&state.db.pool, &path).await.ok()??;
    if obj.user_id != user.id || paths::media_kind(&obj.content_type) != "image" {
        return None;
    }
    let info = mediainfo::probe(&state.files, &obj).await.ok()?;
    (info.width > 0 && info.height > 0).then_some((info.width, info.height))
}
