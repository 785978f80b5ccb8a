//! Which callback a new task gets (docs/api.md#completion-webhooks): the `callback_url` of its
//! creation body, else the default URL of the API key that creates it, else none. Only a task
//! created with a key can have one: the key's webhook secret signs the call.

use super::target;
use crate::api::ApiError;
use crate::config::webhooks::WebhookSettings;
use serde_json::Value;
use sqlx::AnyPool;

/// The field of a creation body that names a callback.
pub const FIELD: &str = "callback_url";

/// A task's callback: where to call and the key whose secret signs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Callback {
    pub url: String,
    pub key_id: i64,
}

/// The callback of a task created by `key_id` (`None`: a signed-in session) with `requested`
/// (the body's [`FIELD`]; absent or null: none asked). A URL that may not be called, or one
/// asked without a key, is a 400 naming the field.
pub async fn for_task(
    pool: &AnyPool,
    settings: &WebhookSettings,
    key_id: Option<i64>,
    requested: Option<&Value>,
) -> Result<Option<Callback>, ApiError> {
    let requested = match requested {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.as_str()),
        Some(_) => return Err(ApiError::invalid(FIELD, "must be a URL (a string)")),
    };
    let Some(key_id) = key_id else {
        return match requested {
            None => Ok(None),
            Some(_) => Err(ApiError::invalid(
                FIELD,
                "only a task created with an API key can have a callback (the key's webhook secret signs it)",
            )),
        };
    };
    let (secret, default_url): (String, String) =
        sqlx::query_as("SELECT webhook_secret, callback_url FROM api_keys WHERE id = $1")
            .bind(key_id)
            .fetch_optional(pool)
            .await?
            .unwrap_or_default();
    let url = match requested {
        Some(url) => target::check(url, settings)
            .await
            .map_err(|e| ApiError::invalid(FIELD, e))?,
        None if default_url.is_empty() => return Ok(None),
        None => default_url,
    };
    if secret.is_empty() {
        return Err(ApiError::invalid(
            FIELD,
            "this API key was made before webhooks existed and has no webhook secret: make a new key",
        ));
    }
    Ok(Some(Callback { url, key_id }))
}
