//! The console's item editors of the list-shaped content (docs/operations.md#editing-content):
//! one set of routes for every list of [`LISTS`], the generalisation of the templates' routes
//! (`content.rs`).
//!
//! - `GET /v1/admin/lists/{kind}/{list}` → `{version, orderable, publishable, slots, list:
//!   [{id, published, missing, item}]}`: the items in order, each with the languages its texts
//!   miss;
//! - `POST /v1/admin/lists/{kind}/{list}/items/{id} {version?, item}` → replaces (or adds at
//!   the end) one item;
//! - `POST /v1/admin/lists/{kind}/{list}/items/{id}/published {version?, published}` (lists the
//!   public site shows item by item: explore items, ads, prompt presets);
//! - `POST /v1/admin/lists/{kind}/{list}/order {version?, ids}` → the list order (every id once);
//! - `POST /v1/admin/media/{kind}/{list}/{id}/{slot}?version=` with the file as the body →
//!   stores a picture or video (`site/content_media.rs` checks type and size) as the item's
//!   `uploads.{slot}`, shown instead of the drawn seed picture.
//!
//! An edit goes through `content::change`: checked as the seed files are (a refusal names the
//! item and the field), refused with 409 when the kind changed since `version`, written with its
//! audit row (before and after), shown at once on the public site.

use super::AdminUser;
use super::content::{Saved, Uploaded, VersionQuery, change, read};
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::params::ApiQuery;
use crate::site::content_media::{self, Slot};
use crate::site::seed_texts::Translations;
use axum::body::Bytes;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::state::AppState;

/// How an item of a list is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IdOf {
    /// A whole-number field (`id`, `sku_id`).
    Number(&'static str),
    /// A text field (an ad's `module`).
    Text(&'static str),
    /// The key of a JSON object (an experiment's code, an activity's name).
    Key,
}

/// One editable list of a content kind.
#[derive(Debug)]
struct ListSpec {
    kind: &'static str,
    list: &'static str,
    /// JSON pointer to the array (or object, for [`IdOf::Key`]) in the kind's document.
    pointer: &'static str,
    id: IdOf,
    /// The public site shows the items in the stored order.
    orderable: bool,
    /// The public site hides an item whose `published` is false.
    publishable: bool,
    /// Media an admin uploads for an item (`uploads.{slot}`).
    slots: &'static [&'static str],
    /// Texts with translations beside them (`{field}_i18n`).
    texts: &'static [&'static str],
}

const fn list(kind: &'static str, list: &'static str, pointer: &'static str, id: IdOf) -> ListSpec {
    ListSpec {
        kind,
        list,
        pointer,
        id,
        orderable: false,
        publishable: false,
        slots: &[],
        texts: &[],
    }
}

/// A preset list of the prompt presets (`presets.{module}[category]`): ordered, publishable
/// (the creation screens offer the published ones), titles in nine languages. The category's
/// place in its module is part of the pointer: the console shows the seeded categories (editing
/// the categories themselves is the JSON editor's).
const fn presets(list: &'static str, pointer: &'static str) -> ListSpec {
    ListSpec {
        orderable: true,
        publishable: true,
        texts: &["title"],
        ..self::list("prompts", list, pointer, IdOf::Text("id"))
    }
}

/// Every list the item editors edit. Templates keep their own routes (`content.rs`); CMS pages
/// are a map of paths edited by their form (`CmsSection.tsx`).
const LISTS: [ListSpec; 15] = [
    ListSpec {
        orderable: true,
        publishable: true,
        slots: &["picture", "video"],
        texts: &["title"],
        ..list("explore", "items", "/items", IdOf::Number("id"))
    },
    ListSpec {
        orderable: true,
        texts: &["name", "description"],
        ..list("explore", "zones", "/zones", IdOf::Number("id"))
    },
    ListSpec {
        orderable: true,
        publishable: true,
        slots: &["picture"],
        ..list("ads", "desktop", "/desktop", IdOf::Text("module"))
    },
    ListSpec {
        orderable: true,
        publishable: true,
        slots: &["picture"],
        ..list("ads", "wap", "/wap", IdOf::Text("module"))
    },
    presets("music", "/presets/txt2Music/0/presets"),
    presets("text2video-style", "/presets/text2video/0/presets"),
    presets("text2video-camera", "/presets/text2video/1/presets"),
    presets("image2video", "/presets/image2video/0/presets"),
    presets("text2image", "/presets/text2image/0/presets"),
    presets("image2image", "/presets/image2image/0/presets"),
    presets("video2anime", "/presets/video2anime/0/presets"),
    list("activities", "activities", "/activities", IdOf::Key),
    list("experiments", "tests", "/tests", IdOf::Key),
    list("skus", "skus", "/skus", IdOf::Number("sku_id")),
    ListSpec {
        orderable: true,
        ..list("resources", "resources", "/resources", IdOf::Number("id"))
    },
];

fn spec_of(kind: &str, name: &str) -> Result<&'static ListSpec, ApiError> {
    LISTS
        .iter()
        .find(|s| s.kind == kind && s.list == name)
        .ok_or_else(|| {
            let names: Vec<String> = LISTS
                .iter()
                .map(|s| format!("{}/{}", s.kind, s.list))
                .collect();
            ApiError::not_found(format!(
                "list: no item list {kind}/{name} (one of {})",
                names.join(", ")
            ))
        })
}

/// The id of an item as the path names it.
fn id_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl ListSpec {
    fn target(&self, id: &str) -> String {
        format!("{}:{}:{id}", self.kind, self.list)
    }

    /// The path's id checked: a whole number above 0, or 1 to 100 characters of letters,
    /// digits, `_` and `-`.
    fn parse_id(&self, raw: &str) -> Result<String, ApiError> {
        let ok = match self.id {
            IdOf::Number(_) => raw.parse::<i64>().is_ok_and(|n| n > 0),
            IdOf::Text(_) | IdOf::Key => {
                !raw.is_empty()
                    && raw.len() <= 100
                    && raw
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
            }
        };
        if ok {
            Ok(raw.to_owned())
        } else {
            Err(ApiError::invalid(
                "id",
                format!("{raw:?} is not an id of {}/{}", self.kind, self.list),
            ))
        }
    }

    /// The items of the document as (id, item) pairs, in order.
    fn items<'a>(&self, doc: &'a Value) -> Result<Vec<(String, &'a Value)>, ApiError> {
        let at = doc.pointer(self.pointer).ok_or_else(|| self.missing())?;
        Ok(match self.id {
            IdOf::Key => at
                .as_object()
                .ok_or_else(|| self.missing())?
                .iter()
                .map(|(k, v)| (k.clone(), v))
                .collect(),
            IdOf::Number(f) | IdOf::Text(f) => at
                .as_array()
                .ok_or_else(|| self.missing())?
                .iter()
                .map(|v| (v.get(f).map(id_text).unwrap_or_default(), v))
                .collect(),
        })
    }

    fn missing(&self) -> ApiError {
        ApiError::invalid(
            "list",
            format!(
                "the {} document has no list at {} (edit it in the JSON editor)",
                self.kind, self.pointer
            ),
        )
    }

    /// The item `id` of the document, mutable.
    fn item_mut<'a>(&self, doc: &'a mut Value, id: &str) -> Result<&'a mut Value, ApiError> {
        let not_found = || ApiError::not_found(format!("id: no item {id} in {}", self.list));
        let at = doc
            .pointer_mut(self.pointer)
            .ok_or_else(|| self.missing())?;
        match self.id {
            IdOf::Key => at
                .as_object_mut()
                .and_then(|m| m.get_mut(id))
                .ok_or_else(not_found),
            IdOf::Number(f) | IdOf::Text(f) => at
                .as_array_mut()
                .and_then(|a| {
                    a.iter_mut()
                        .find(|v| v.get(f).map(id_text).as_deref() == Some(id))
                })
                .ok_or_else(not_found),
        }
    }

    /// The languages each text of `item` misses.
    fn missing_languages(&self, item: &Value) -> Value {
        let mut out = Map::new();
        for field in self.texts {
            if item.get(*field).and_then(Value::as_str).is_none() {
                continue;
            }
            let translations: Translations = item
                .get(format!("{field}_i18n"))
                .cloned()
                .and_then(|v| serde_json::from_value(v).ok())
                .unwrap_or_default();
            out.insert((*field).to_owned(), json!(translations.missing()));
        }
        Value::Object(out)
    }
}

/// An item as the console lists it.
#[derive(Debug, Serialize)]
pub struct ItemRow {
    pub id: String,
    pub published: bool,
    /// Text field → the languages it has no text in.
    pub missing: Value,
    /// The stored item, as `POST …/items/{id}` takes it back.
    pub item: Value,
}

/// One list of the console.
#[derive(Debug, Serialize)]
pub struct ListView {
    pub version: i64,
    pub orderable: bool,
    pub publishable: bool,
    pub slots: &'static [&'static str],
    pub list: Vec<ItemRow>,
}

/// `GET /v1/admin/lists/{kind}/{list}`.
pub async fn items(
    State(state): State<AppState>,
    _admin: AdminUser,
    Path((kind, name)): Path<(String, String)>,
) -> ApiResult<ListView> {
    let spec = spec_of(&kind, &name)?;
    let (doc, version) = read(&state, spec.kind).await?;
    let list = spec
        .items(&doc)?
        .into_iter()
        .map(|(id, item)| ItemRow {
            id,
            published: item
                .get("published")
                .and_then(Value::as_bool)
                .unwrap_or(true),
            missing: spec.missing_languages(item),
            item: item.clone(),
        })
        .collect();
    ok(ListView {
        version,
        orderable: spec.orderable,
        publishable: spec.publishable,
        slots: spec.slots,
        list,
    })
}

/// `{version?, item}`.
#[derive(Debug, Deserialize)]
pub struct ItemEdit {
    #[serde(default)]
    pub version: Option<i64>,
    pub item: Value,
}

/// `POST /v1/admin/lists/{kind}/{list}/items/{id}`: replaces item `id` (adds it at the end when
/// there is none); an item's id field, when given, is `id`.
pub async fn put_item(
    State(state): State<AppState>,
    admin: AdminUser,
    Path((kind, name, id)): Path<(String, String, String)>,
    ApiJson(edit): ApiJson<ItemEdit>,
) -> ApiResult<Saved> {
    let spec = spec_of(&kind, &name)?;
    let id = spec.parse_id(&id)?;
    let mut item = edit.item;
    if let IdOf::Number(field) | IdOf::Text(field) = spec.id {
        let fields = item
            .as_object_mut()
            .ok_or_else(|| ApiError::invalid("item", "must be a JSON object"))?;
        let want = match spec.id {
            IdOf::Number(_) => json!(id.parse::<i64>().unwrap_or_default()),
            _ => json!(id),
        };
        match fields.get(field) {
            None => {
                fields.insert(field.to_owned(), want);
            }
            Some(v) if *v == want => {}
            Some(v) => {
                return Err(ApiError::invalid(
                    &format!("item.{field}"),
                    format!("{v} is not the id {id} of the path"),
                ));
            }
        }
    }
    change(
        &state,
        &admin,
        spec.kind,
        edit.version,
        "content_item",
        &spec.target(&id),
        |doc| {
            let before = match spec.item_mut(doc, &id) {
                Ok(slot) => std::mem::replace(slot, item.clone()),
                Err(_) => {
                    let at = doc
                        .pointer_mut(spec.pointer)
                        .ok_or_else(|| spec.missing())?;
                    match (spec.id, at) {
                        (IdOf::Key, Value::Object(m)) => {
                            m.insert(id.clone(), item.clone());
                        }
                        (IdOf::Number(_) | IdOf::Text(_), Value::Array(a)) => a.push(item.clone()),
                        _ => return Err(spec.missing()),
                    }
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

/// `POST /v1/admin/lists/{kind}/{list}/items/{id}/published`.
pub async fn publish_item(
    State(state): State<AppState>,
    admin: AdminUser,
    Path((kind, name, id)): Path<(String, String, String)>,
    ApiJson(edit): ApiJson<PublishEdit>,
) -> ApiResult<Saved> {
    let spec = spec_of(&kind, &name)?;
    let id = spec.parse_id(&id)?;
    if !spec.publishable {
        return Err(ApiError::invalid(
            "list",
            format!(
                "{}/{} is shown whole: its items are not published one by one",
                spec.kind, spec.list
            ),
        ));
    }
    change(
        &state,
        &admin,
        spec.kind,
        edit.version,
        if edit.published {
            "content_publish"
        } else {
            "content_unpublish"
        },
        &spec.target(&id),
        |doc| {
            let fields = spec
                .item_mut(doc, &id)?
                .as_object_mut()
                .ok_or_else(|| ApiError::internal("a list item is not an object"))?;
            let was = fields
                .get("published")
                .and_then(Value::as_bool)
                .unwrap_or(true);
            fields.insert("published".into(), json!(edit.published));
            Ok((
                json!({ "published": was }),
                json!({ "published": edit.published }),
            ))
        },
    )
    .await
}

/// `{version?, ids}`: ids as numbers or texts.
#[derive(Debug, Deserialize)]
pub struct OrderEdit {
    #[serde(default)]
    pub version: Option<i64>,
    pub ids: Vec<Value>,
}

/// `POST /v1/admin/lists/{kind}/{list}/order`: the items in the order of `ids`, which names
/// every item once.
pub async fn order_items(
    State(state): State<AppState>,
    admin: AdminUser,
    Path((kind, name)): Path<(String, String)>,
    ApiJson(edit): ApiJson<OrderEdit>,
) -> ApiResult<Saved> {
    let spec = spec_of(&kind, &name)?;
    if !spec.orderable {
        return Err(ApiError::invalid(
            "list",
            format!("{}/{} has no order of its own", spec.kind, spec.list),
        ));
    }
    let ids: Vec<String> = edit.ids.iter().map(id_text).collect();
    change(
        &state,
        &admin,
        spec.kind,
        edit.version,
        "content_order",
        &format!("{}:{}", spec.kind, spec.list),
        |doc| {
            let before: Vec<String> = spec.items(doc)?.into_iter().map(|(id, _)| id).collect();
            let mut sorted_before = before.clone();
            sorted_before.sort_unstable();
            let mut sorted_after = ids.clone();
            sorted_after.sort_unstable();
            if sorted_before != sorted_after {
                return Err(ApiError::invalid(
                    "ids",
                    format!("must name each of the {} items once", before.len()),
                ));
            }
            let (IdOf::Number(field) | IdOf::Text(field)) = spec.id else {
                return Err(ApiError::internal("an object list has no order"));
            };
            let list = doc
                .pointer_mut(spec.pointer)
                .and_then(Value::as_array_mut)
                .ok_or_else(|| spec.missing())?;
            let mut items = std::mem::take(list);
            for id in &ids {
                let at = items
                    .iter()
                    .position(|v| v.get(field).map(id_text).as_deref() == Some(id.as_str()));
                if let Some(at) = at {
                    list.push(items.swap_remove(at));
                }
            }
            Ok((json!(before), json!(ids)))
        },
    )
    .await
}

/// `POST /v1/admin/media/{kind}/{list}/{id}/{slot}?version=` with the file as the body.
pub async fn upload_media(
    State(state): State<AppState>,
    admin: AdminUser,
    Path((kind, name, id, slot)): Path<(String, String, String, String)>,
    ApiQuery(q): ApiQuery<VersionQuery>,
    body: Bytes,
) -> ApiResult<Uploaded> {
    let spec = spec_of(&kind, &name)?;
    let id = spec.parse_id(&id)?;
    let slot = Slot::parse(&slot)?;
    if !spec.slots.contains(&slot.name()) {
        return Err(ApiError::invalid(
            "slot",
            format!(
                "{}/{} items take {}",
                spec.kind,
                spec.list,
                if spec.slots.is_empty() {
                    "no media".to_owned()
                } else {
                    spec.slots.join(" or ")
                }
            ),
        ));
    }
    let (mut doc, _) = read(&state, spec.kind).await?;
    spec.item_mut(&mut doc, &id)?;
    let prefix = format!("{}-{}-{id}", spec.kind, spec.list);
    let key = content_media::store(&state, &prefix, slot, body).await?;
    let saved = change(
        &state,
        &admin,
        spec.kind,
        q.version,
        "content_media",
        &spec.target(&id),
        |doc| {
            let fields = spec
                .item_mut(doc, &id)?
                .as_object_mut()
                .ok_or_else(|| ApiError::internal("a list item is not an object"))?;
            let uploads = fields.entry("uploads").or_insert_with(|| json!({}));
            if !uploads.is_object() {
                *uploads = json!({});
            }
            let before = uploads
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
            // The item did not take it: the file would be an orphan.
            let _ = state.files.delete(&key).await;
            return Err(e);
        }
    };
    ok(Uploaded {
        version: saved.0.version,
        url: format!("/static/{key}"),
        key,
    })
}

#[cfg(test)]
mod tests {
    use super::LISTS;
    use crate::site::seed::seed_text;
    use serde_json::Value;

    /// Every list's pointer finds its list in the seed, with unique ids.
    #[test]
    fn every_list_is_in_the_seed() {
        for spec in &LISTS {
            let text = seed_text(spec.kind).unwrap_or_default();
            let doc: Value = serde_json::from_str(text).unwrap_or_default();
            let items = spec
                .items(&doc)
                .unwrap_or_else(|e| panic!("{}/{}: {e:?}", spec.kind, spec.list));
            assert!(!items.is_empty(), "{}/{}", spec.kind, spec.list);
            let mut ids: Vec<&String> = items.iter().map(|(id, _)| id).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), items.len(), "{}/{}", spec.kind, spec.list);
            assert!(ids.iter().all(|id| spec.parse_id(id).is_ok()), "{ids:?}");
        }
    }
}
