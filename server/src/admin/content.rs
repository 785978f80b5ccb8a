//! The console's Content API (docs/operations.md#editing-content): the site content stored in
//! the database (`site/content_store.rs`), edited by admins.
//!
//! - `GET /v1/admin/content` → every kind with its version;
//! - `GET /v1/admin/content/{kind}` → `{kind, version, document}`;
//! - `POST /v1/admin/content/{kind} {version?, document}` → replaces the whole document (the
//!   console's JSON editor of the rarer kinds; the kinds of [`EDITABLE`]);
//! - `GET /v1/admin/content/templates/items` → the templates in order, each with its stored
//!   item, and the languages its texts miss; the categories and kinds to pick from;
//! - `POST /v1/admin/content/templates/items/{id} {version?, item}` → replaces (or adds) one
//!   template;
//! - `POST /v1/admin/content/templates/items/{id}/published {version?, published}`;
//! - `POST /v1/admin/content/templates/order {version?, ids}` → the list order (every id once);
//! - `POST /v1/admin/media/templates/{id}/{slot}?version=` with the file as the body → stores a
//!   preview (`slot` picture, video or audio; `site/content_media.rs` checks type and size) and
//!   sets it on the template.
//!
//! Every edit is checked as the seed files are (a refusal names the item and the field), names
//! the version it was made on when the console sends one (409 when the content changed
//! meanwhile), is written with its audit row (before and after) in one transaction, and shows on
//! the public site at once, on every instance.

use super::AdminUser;
use super::audit;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::params::ApiQuery;
use crate::site::content_media::{self, Slot};
use crate::site::content_store;
use crate::site::seed::{KINDS, Template};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The kind of the templates document.
const TEMPLATES: &str = "templates";

/// The kinds an admin edits. The library (`resources`) is read from the content snapshot by its
/// calls and its drawn pictures (`site/library.rs`, `site/assets.rs`). `tools` (tool demos and
/// TTS voices) stays as seeded: the TTS engine reads a voice's gender from the seed
/// (`tasks/comfyui/tts.rs`), and the first page load of a tool page carries its demos from the
/// seed (`spa::first_screen`), so an edit would not show everywhere at once.
pub const EDITABLE: [&str; 9] = [
    "templates",
    "cms",
    "ads",
    "experiments",
    "activities",
    "prompts",
    "explore",
    "skus",
    "resources",
];

/// A kind and its version.
#[derive(Debug, Serialize)]
pub struct KindView {
    pub kind: String,
    pub version: i64,
}

/// `GET /v1/admin/content`.
pub async fn kinds(State(state): State<AppState>, _admin: AdminUser) -> ApiResult<Vec<KindView>> {
    let docs = content_store::documents(&state.db.pool).await?;
    ok(KINDS
        .iter()
        .map(|(k, _)| KindView {
            kind: (*k).to_owned(),
            version: docs.get(*k).map_or(0, |(_, v)| *v),
        })
        .collect())
}

fn known_kind(kind: &str) -> Result<(), ApiError> {
    if KINDS.iter().any(|(k, _)| *k == kind) {
        Ok(())
    } else {
        let names: Vec<&str> = KINDS.iter().map(|(k, _)| *k).collect();
        Err(ApiError::not_found(format!(
            "kind: no content kind {kind:?} (one of {})",
            names.join(", ")
        )))
    }
}

/// A stored document.
#[derive(Debug, Serialize)]
pub struct DocumentView {
    pub kind: String,
    pub version: i64,
    pub document: Value,
}

pub(super) async fn read(state: &AppState, kind: &str) -> Result<(Value, i64), ApiError> {
    known_kind(kind)?;
    let docs = content_store::documents(&state.db.pool).await?;
    let (body, version) = docs
        .get(kind)
        .ok_or_else(|| ApiError::internal(format!("content {kind} not imported")))?;
    let doc = serde_json::from_str(body).map_err(ApiError::internal)?;
    Ok((doc, *version))
}

/// `GET /v1/admin/content/{kind}`.
pub async fn document(
    State(state): State<AppState>,
    _admin: AdminUser,
    Path(kind): Path<String>,
) -> ApiResult<DocumentView> {
    let (document, version) = read(&state, &kind).await?;
    ok(DocumentView {
        kind,
        version,
        document,
    })
}

/// `{version?, document}`.
#[derive(Debug, Deserialize)]
pub struct DocumentEdit {
    #[serde(default)]
    pub version: Option<i64>,
    pub document: Value,
}

/// What an edit answers: the kind's new version.
#[derive(Debug, Serialize)]
pub struct Saved {
    pub version: i64,
}

/// Writes `edit(document)` as `kind`'s document with its audit row, then swaps the snapshot.
/// `edit` answers what the audit row shows before and after.
pub(super) async fn change(
    state: &AppState,
    admin: &AdminUser,
    kind: &str,
    version: Option<i64>,
    action: &str,
    target: &str,
    edit: impl FnOnce(&mut Value) -> Result<(Value, Value), ApiError>,
) -> ApiResult<Saved> {
    let (mut doc, current) = read(state, kind).await?;
    let (before, after) = edit(&mut doc)?;
    let body = serde_json::to_string(&doc).map_err(ApiError::internal)?;
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    let pg = state.db.pg_url().is_some();
    let (_, new_version) = content_store::save(
        &mut tx,
        pg,
        kind,
        &body,
        version.unwrap_or(current),
        admin.id,
    )
    .await?;
    audit::record(
        &mut tx,
        admin.id,
        action,
        target,
        &before.to_string(),
        &after.to_string(),
    )
    .await?;
    tx.commit().await?;
    content_store::reload(&state.db.pool, &state.content).await?;
    ok(Saved {
        version: new_version,
    })
}

/// `POST /v1/admin/content/{kind}`.
pub async fn put_document(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(kind): Path<String>,
    ApiJson(edit): ApiJson<DocumentEdit>,
) -> ApiResult<Saved> {
    known_kind(&kind)?;
    if !EDITABLE.contains(&kind.as_str()) {
        return Err(ApiError::invalid(
            "kind",
            format!("{kind} is kept as seeded (server/seed/{kind}.json)"),
        ));
    }
    if !edit.document.is_object() {
        return Err(ApiError::invalid("document", "must be a JSON object"));
    }
    let target = format!("content:{kind}");
    change(
        &state,
        &admin,
        &kind,
        edit.version,
        "content_edit",
        &target,
        |doc| {
            let before = std::mem::replace(doc, edit.document);
            Ok((before, doc.clone()))
        },
    )
    .await
}

/// A template as the console lists it.
#[derive(Debug, Serialize)]
pub struct TemplateRow {
    pub tpl_id: i64,
    pub published: bool,
    /// The languages the name (and description) have no text in.
    pub missing: Value,
    /// The stored item, as `POST …/items/{id}` takes it back.
    pub item: Value,
}

/// The templates page of the console.
#[derive(Debug, Serialize)]
pub struct TemplatesView {
    pub version: i64,
    pub list: Vec<TemplateRow>,
    pub categories: Value,
    pub kinds: Vec<String>,
}

fn templates_of(doc: &mut Value) -> Result<&mut Vec<Value>, ApiError> {
    doc.get_mut("templates")
        .and_then(Value::as_array_mut)
        .ok_or_else(|| ApiError::internal("templates document without templates"))
}

fn id_of(item: &Value) -> i64 {
    item.get("tpl_id").and_then(Value::as_i64).unwrap_or(0)
}

/// `GET /v1/admin/content/templates/items`.
pub async fn templates(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> ApiResult<TemplatesView> {
    let (mut doc, version) = read(&state, TEMPLATES).await?;
    let kinds = doc
        .get("kinds")
        .and_then(Value::as_object)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    let categories = doc.get("categories").cloned().unwrap_or(json!([]));
    let list = templates_of(&mut doc)?
        .iter()
        .map(|item| {
            let parsed: Option<Template> = serde_json::from_value(item.clone()).ok();
            let missing = parsed.as_ref().map_or(json!({}), |t| {
                let description = t.description.as_ref().map(|_| t.description_i18n.missing());
                match description {
                    Some(d) => json!({ "name": t.name_i18n.missing(), "description": d }),
                    None => json!({ "name": t.name_i18n.missing() }),
                }
            });
            TemplateRow {
                tpl_id: id_of(item),
                published: parsed.is_none_or(|t| t.published),
                missing,
                item: item.clone(),
            }
        })
        .collect();
    ok(TemplatesView {
        version,
        list,
        categories,
        kinds,
    })
}

/// `{version?, item}`.
#[derive(Debug, Deserialize)]
pub struct ItemEdit {
    #[serde(default)]
    pub version: Option<i64>,
    pub item: Value,
}

fn template_id(raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::invalid("id", format!("{raw:?} is not a template id")))
}

/// `POST /v1/admin/content/templates/items/{id}`: replaces template `id` (adds it at the end
/// when there is none); `item.tpl_id` is `id`.
pub async fn put_template(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<String>,
    ApiJson(edit): ApiJson<ItemEdit>,
) -> ApiResult<Saved> {
    let id = template_id(&id)?;
    let mut item = edit.item;
    let fields = item
        .as_object_mut()
        .ok_or_else(|| ApiError::invalid("item", "must be a JSON object"))?;
    match fields.get("tpl_id") {
        None => {
            fields.insert("tpl_id".into(), json!(id));
        }
        Some(v) if v.as_i64() == Some(id) => {}
        Some(v) => {
            return Err(ApiError::invalid(
                "item.tpl_id",
                format!("{v} is not the template {id} of the path"),
            ));
        }
    }
    // The item alone first, so a wrong field is named plainly.
    serde_json::from_value::<Template>(item.clone())
        .map_err(|e| ApiError::invalid("item", e.to_string()))?;
    change(
        &state,
        &admin,
        TEMPLATES,
        edit.version,
        "content_template",
        &format!("template:{id}"),
        |doc| {
            let list = templates_of(doc)?;
            let before = match list.iter_mut().find(|t| id_of(t) == id) {
                Some(slot) => std::mem::replace(slot, item.clone()),
                None => {
                    list.push(item.clone());
                    Value::Null
                }
            };
            Ok((before, item))
        },
    )
    .await
}

/// `{version?, published}`.
#[derive(Debug, Deserialize)]
pub struct PublishEdit {
    #[serde(default)]
    pub version: Option<i64>,
    pub published: bool,
}

/// `POST /v1/admin/content/templates/items/{id}/published`.
pub async fn publish_template(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<String>,
    ApiJson(edit): ApiJson<PublishEdit>,
) -> ApiResult<Saved> {
    let id = template_id(&id)?;
    change(
        &state,
        &admin,
        TEMPLATES,
        edit.version,
        if edit.published {
            "content_publish"
        } else {
            "content_unpublish"
        },
        &format!("template:{id}"),
        |doc| {
            let item = templates_of(doc)?
                .iter_mut()
                .find(|t| id_of(t) == id)
                .ok_or_else(|| ApiError::not_found(format!("id: no template {id}")))?;
            let was = item
                .get("published")
                .and_then(Value::as_bool)
                .unwrap_or(true);
            item.as_object_mut()
                .ok_or_else(|| ApiError::internal("template item is not an object"))?
                .insert("published".into(), json!(edit.published));
            Ok((
                json!({ "published": was }),
                json!({ "published": edit.published }),
            ))
        },
    )
    .await
}

/// `{version?, ids}`.
#[derive(Debug, Deserialize)]
pub struct OrderEdit {
    #[serde(default)]
    pub version: Option<i64>,
    pub ids: Vec<i64>,
}

/// `POST /v1/admin/content/templates/order`: the templates in the order of `ids`, which names
/// every template once.
pub async fn order_templates(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiJson(edit): ApiJson<OrderEdit>,
) -> ApiResult<Saved> {
    change(
        &state,
        &admin,
        TEMPLATES,
        edit.version,
        "content_order",
        "templates",
        |doc| {
            let list = templates_of(doc)?;
            let before: Vec<i64> = list.iter().map(id_of).collect();
            let mut sorted_before = before.clone();
            sorted_before.sort_unstable();
            let mut sorted_after = edit.ids.clone();
            sorted_after.sort_unstable();
            if sorted_before != sorted_after {
                return Err(ApiError::invalid(
                    "ids",
                    format!("must name each of the {} templates once", before.len()),
                ));
            }
            let mut items = std::mem::take(list);
            for id in &edit.ids {
                if let Some(at) = items.iter().position(|t| id_of(t) == *id) {
                    list.push(items.swap_remove(at));
                }
            }
            Ok((json!(before), json!(edit.ids)))
        },
    )
    .await
}

/// `?version=` of the upload.
#[derive(Debug, Deserialize)]
pub struct VersionQuery {
    #[serde(default)]
    pub version: Option<i64>,
}

/// The answer of an upload: the new version and the file's key and URL path.
#[derive(Debug, Serialize)]
pub struct Uploaded {
    pub version: i64,
    pub key: String,
    pub url: String,
}

/// `POST /v1/admin/media/templates/{id}/{slot}?version=` with the file as the body.
pub async fn upload_template_media(
    State(state): State<AppState>,
    admin: AdminUser,
    Path((id, slot)): Path<(String, String)>,
    ApiQuery(q): ApiQuery<VersionQuery>,
    body: Bytes,
) -> ApiResult<Uploaded> {
    let id = template_id(&id)?;
    let slot = Slot::parse(&slot)?;
    let (mut doc, _) = read(&state, TEMPLATES).await?;
    if !templates_of(&mut doc)?.iter().any(|t| id_of(t) == id) {
        return Err(ApiError::not_found(format!("id: no template {id}")));
    }
    let key = content_media::store(&state, &format!("tpl-{id}"), slot, body).await?;
    let saved = change(
        &state,
        &admin,
        TEMPLATES,
        q.version,
        "content_media",
        &format!("template:{id}"),
        |doc| {
            let item = templates_of(doc)?
                .iter_mut()
                .find(|t| id_of(t) == id)
                .ok_or_else(|| ApiError::not_found(format!("id: no template {id}")))?;
            let fields = item
                .as_object_mut()
                .ok_or_else(|| ApiError::internal("template item is not an object"))?;
            let media = fields.entry("media").or_insert_with(|| json!({}));
            if !media.is_object() {
                *media = json!({});
            }
            let before = media
                .as_object_mut()
                .and_then(|m| m.insert(slot.name().to_owned(), json!(key)))
                .unwrap_or(Value::Null);
            Ok((json!({ slot.name(): before }), json!({ slot.name(): key })))
        },
    )
    .await;
    let saved = match saved {
        Ok(s) => s,
        Err(e) => {
            // The template did not take it: the file would be an orphan.
            let _ = state.files.delete(&key).await;
            return Err(e);
        }
    };
    let version = saved.0.version;
    ok(Uploaded {
        version,
        url: format!("/static/{key}"),
        key,
    })
}
