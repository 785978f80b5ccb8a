//! Normalising credit transaction records from the server into display-ready records
//! (docs/behaviour/credits-and-checkin.md#the-ledger).
//!
//! The server's record: `type` (Acquisition or Consumption), `details`, `credits`, `date`
//! (seconds), `expire_time` (seconds; 0 = valid indefinitely), `is_expired` (1 = expired),
//! `status` (1 valid, else invalid). Numbers may arrive as numbers or numeric strings.

use super::CreditsError;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Largest valid time in seconds: the ECMAScript `Date` range (8.64e15 ms).
const MAX_EPOCH_SECONDS: f64 = 8.64e12;

/// Kind of a transaction (docs/behaviour/credits-and-checkin.md#the-ledger: unknown types show as
/// unknown).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CreditType {
    /// Credits received (purchase, check-in, plan grant).
    Acquisition,
    /// Credits spent.
    Consumption,
    /// Any other or missing type.
    Unknown,
}

/// Whether the server marks the record valid (docs/behaviour/credits-and-checkin.md#the-ledger:
/// status 1 valid, else invalid).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CreditStatus {
    /// status 1.
    Valid,
    /// Anything else.
    Invalid,
}

/// Expiry of the credits of a record (docs/behaviour/credits-and-checkin.md#the-ledger).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CreditExpiry {
    /// `expire_time` 0: valid indefinitely.
    Indefinite,
    /// `is_expired` 1 (wins over any `expire_time`: the server's flag is authoritative).
    Expired,
    /// Valid until this time.
    ValidUntil {
        /// Epoch milliseconds (`expire_time` × 1000), ready for `new Date(atMs)`.
        at_ms: f64,
    },
    /// `expire_time` missing, unparsable, negative or beyond the date range: the expiry line is
    /// hidden (docs/behaviour/credits-and-checkin.md#the-ledger "invalid expiry date hides the ...
    /// expiry line").
    Unknown,
}

/// A display-ready transaction record.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreditRecord {
    /// acquisition, consumption or unknown.
    #[serde(rename = "type")]
    pub kind: CreditType,
    /// Description from the server (empty when missing; non-strings are written as JSON).
    pub details: String,
    /// Amount as a number (docs/behaviour/credits-and-checkin.md#the-ledger: coerced from a number
    /// or numeric string, default 0).
    pub credits: f64,
    /// Time of the transaction in epoch ms, `None` when the date is missing, unparsable, not
    /// after 1970 or beyond the date range (decided: a 0 date is "missing", not 1970-01-01).
    pub date_ms: Option<f64>,
    /// Expiry of the credits.
    pub expiry: CreditExpiry,
    /// Whether the expiry line is shown: false exactly when `expiry` is unknown.
    pub show_expiry_line: bool,
    /// valid or invalid.
    pub status: CreditStatus,
}

/// A number from a JSON number or a numeric string (trimmed); `None` for anything else,
/// including non-finite values such as "NaN" or "inf".
pub(crate) fn number_of(v: Option<&Value>) -> Option<f64> {
    let x = match v? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => crate::decimal::parse_decimal(s),
        Value::Bool(b) => Some(if *b { 1.0 } else { 0.0 }),
        _ => None,
    }?;
    x.is_finite().then_some(x)
}

/// Seconds to epoch ms when in `0 < s <= 8.64e12`.
fn seconds_to_ms(s: f64) -> Option<f64> {
    (s > 0.0 && s <= MAX_EPOCH_SECONDS).then_some(s * 1000.0)
}

fn kind_of(v: Option<&Value>) -> CreditType {
    match v.and_then(Value::as_str).map(str::trim) {
        Some(t) if t.eq_ignore_ascii_case("acquisition") => CreditType::Acquisition,
        Some(t) if t.eq_ignore_ascii_case("consumption") => CreditType::Consumption,
        _ => CreditType::Unknown,
    }
}

fn expiry_of(obj: &Map<String, Value>) -> CreditExpiry {
    if number_of(obj.get("is_expired")) == Some(1.0) {
        return CreditExpiry::Expired;
    }
    match number_of(obj.get("expire_time")) {
        Some(0.0) => CreditExpiry::Indefinite,
        Some(s) => seconds_to_ms(s).map_or(CreditExpiry::Unknown, |at_ms| {
            CreditExpiry::ValidUntil { at_ms }
        }),
        None => CreditExpiry::Unknown,
    }
}

/// Normalises one raw record (docs/behaviour/credits-and-checkin.md#the-ledger): type
/// Acquisition/Consumption (ignoring ASCII case) or unknown; credits coerced, default 0; date
/// seconds to ms; expiry from `is_expired` and `expire_time`; status 1 valid, else invalid.
///
/// Errors: `invalid_record` when `raw` is not a JSON object.
pub fn normalize_credit_record(raw: &Value) -> Result<CreditRecord, CreditsError> {
    let obj = raw.as_object().ok_or(CreditsError::InvalidRecord)?;
    let details = match obj.get("details") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    };
    let expiry = expiry_of(obj);
    Ok(CreditRecord {
        kind: kind_of(obj.get("type")),
        details,
        credits: number_of(obj.get("credits")).unwrap_or(0.0),
        date_ms: number_of(obj.get("date")).and_then(seconds_to_ms),
        expiry,
        show_expiry_line: expiry != CreditExpiry::Unknown,
        status: if number_of(obj.get("status")) == Some(1.0) {
            CreditStatus::Valid
        } else {
            CreditStatus::Invalid
        },
    })
}

/// The plan expiry line of the account panel (docs/behaviour/credits-and-checkin.md#the-ledger):
/// `verify.expired_time` (seconds, number or numeric string) as epoch ms to display, or `None` to
/// hide the line because the date is missing, unparsable, not positive or beyond the date range.
pub fn plan_expiry_line(expired_time: &Value) -> Option<f64> {
    number_of(Some(expired_time)).and_then(seconds_to_ms)
}
