//! The parameters and answers of the HTTP calls as Rust structs, for their TypeScript
//! declarations only (tsify writes them into the package's .d.ts; the call table names them in
//! `unchecked_param_type` / `unchecked_return_type`).
//!
//! The calls themselves pass parameters and answers through unchanged (`serde_json::Value` in,
//! `JSON.parse`d data out), so these types describe the wire without narrowing it: fields the
//! spec leaves loose stay loose (`number | string`, open records via [`OpenFields`]), as the
//! server may send more than the spec names. An optional field is `skip_serializing_if =
//! "Option::is_none"`, which tsify declares as `field?: T`, so a value read and written again is
//! the value sent.
//!
//! - [`account`]: login, token, user info, feature codes, credit history
//!   (docs/behaviour/accounts-and-sessions.md#log-in).
//! - [`purchase`]: SKUs, trade info, checkout, coupons
//!   (docs/behaviour/pricing-and-purchase.md#purchase-popup).
//! - [`promotions`]: marketing, check-in, A/B tests, activities
//!   (docs/behaviour/credits-and-checkin.md#daily-check-in).
//! - [`generation`]: generation, tools, uploads, tasks, reports
//!   (docs/behaviour/tasks-and-queue.md#explore).
//! - [`workflow`]: template lists, resources, explore (docs/behaviour/tasks-and-queue.md#templates,
//!   #explore).
//! - [`pages`]: CMS data and build manifests
//!   (docs/behaviour/languages-and-routes.md#build-updates).

pub mod account;
pub mod generation;
pub mod pages;
pub mod promotions;
pub mod purchase;
pub mod workflow;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tsify::Tsify;

/// Fields beyond the named ones, as sent: the open part of a wire object (flattened into it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Tsify)]
#[tsify(type = "Record<string, unknown>")]
#[serde(transparent)]
pub struct OpenFields(pub Map<String, Value>);

#[cfg(test)]
mod tests {
    use super::account::{CreditHistoryParams, UserInfoAnswer};
    use super::generation::{SensitiveDetectKind, TaskDataSaveParams};
    use serde_json::{Value, json};

    /// The types describe the wire without narrowing it: loose values and fields the spec does
    /// not name survive a round trip unchanged.
    #[test]
    fn answers_keep_loose_values_and_unnamed_fields() {
        let sent = json!({
            "uid": 12345678901234567u64,
            "nickname": "Ada",
            "verify": { "level": "pro", "is_expired": 0, "badge": "gold" },
            "integral": { "integral": "120" },
            "subscribe": [{ "pid": "4", "is_expired": false, "renews": true }],
            "is_free_trial": true,
            "theme": { "dark": true }
        });
        let read: UserInfoAnswer = serde_json::from_value(sent.clone()).unwrap();
        assert_eq!(read.extra.0.get("theme"), Some(&json!({ "dark": true })));
        let verify = read.verify.as_ref().unwrap();
        assert_eq!(verify.extra.0.get("badge"), Some(&json!("gold")));
        assert_eq!(serde_json::to_value(&read).unwrap(), sent);
    }

    #[test]
    fn wire_names_are_the_declared_ones() {
        let params: TaskDataSaveParams =
            serde_json::from_value(json!({ "taskId": 7, "save_type": "draft" })).unwrap();
        assert_eq!(params.task_id, json!(7));
        let history: CreditHistoryParams =
            serde_json::from_value(json!({ "type": "consumption", "page": 1 })).unwrap();
        assert_eq!(history.r#type.as_deref(), Some("consumption"));
        assert_eq!(
            serde_json::to_value(SensitiveDetectKind::Image).unwrap(),
            Value::from("i")
        );
    }
}
