//! The parameters and answers of the HTTP calls as Rust structs, for their TypeScript
//! declarations only (tsify writes them into the package's .d.ts; the call table names them in
//! `unchecked_param_type` / `unchecked_return_type`).
//!
//! The calls themselves pass parameters and answers through unchanged (`serde_json::Value` in,
//! `JSON.parse`d data out), so these types describe the wire without narrowing it: fields the
//! spec leaves loose stay loose (`number | string`, open records via [`OpenFields`]), as the
//! server may send more than the spec names.
//!
//! - [`account`]: login, token, user info, feature codes, credit history (spec 02 §7).
//! - [`purchase`]: SKUs, trade info, checkout, coupons (spec 02 §4, §7).
//! - [`promotions`]: marketing, check-in, A/B tests, activities (spec 02 §3, §6, §7).
//! - [`generation`]: generation, tools, uploads, tasks, reports (spec 02 §7).
//! - [`workflow`]: template lists, resources, explore (spec 01 §7, spec 02 §7).
//! - [`pages`]: CMS data and build manifests (spec 01 §3).

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
