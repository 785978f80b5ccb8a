//! `POST /v1/buy/coupon/receive {coupon_id}`: the 15% coupon of the pricing popup
//! (docs/behaviour/pricing-and-purchase.md#purchase-popup, #coupons: default coupon id 13417, 15
//! percent).
//!
//! Decisions (payload and answer not shown): `coupon_id` may be a number or numeric text and
//! defaults to core's `DEFAULT_COUPON_ID`; an empty body is accepted; the only coupon is 13417
//! (another id answers 400 naming `coupon_id`); any signed-in user may receive it once (a second
//! claim answers 409 with a message the popup shows as its error toast); it is valid 30 days and
//! the test store applies it to the next pay-as-you-go credits purchase (see `purchase`).

use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::params;
use crate::state::AppState;
use aivg_core::pricing::{COUPON_PERCENT, DEFAULT_COUPON_ID};
use axum::body::Bytes;
use axum::extract::State;
use serde::Serialize;
use serde_json::Value;

/// How long a received coupon can be used.
pub const COUPON_VALID_SECONDS: i64 = 30 * 24 * 3600;

/// A received coupon (`applies_to` is always `credits`: pay-as-you-go packs).
#[derive(Debug, Serialize)]
pub struct Received {
    pub coupon_id: i64,
    pub percent: u32,
    pub received_at: i64,
    pub expires_at: i64,
    pub applies_to: &'static str,
}

/// `POST /v1/buy/coupon/receive` → `{coupon_id, percent, received_at, expires_at, applies_to}`.
pub async fn receive(
    State(state): State<AppState>,
    user: AuthUser,
    body: Bytes,
) -> ApiResult<Received> {
    let body = params::object_body(&body)?;
    let default = i64::try_from(DEFAULT_COUPON_ID).map_err(ApiError::internal)?;
    let coupon_id = params::json_int(
        "coupon_id",
        body.get("coupon_id").unwrap_or(&Value::Null),
        1,
        i64::MAX,
    )?
    .unwrap_or(default);
    if coupon_id != default {
        return Err(ApiError::invalid(
            "coupon_id",
            format!("unknown coupon {coupon_id}: the store offers coupon {default}"),
        ));
    }
    let now = clock::now_s();
    let expires_at = now + COUPON_VALID_SECONDS;
    let inserted = sqlx::query(
        "INSERT INTO coupons (user_id, coupon_id, percent, received_at, expires_at, used_trade_id) VALUES ($1, $2, $3, $4, $5, '')",
    )
    .bind(user.id)
    .bind(coupon_id)
    .bind(i64::from(COUPON_PERCENT))
    .bind(now)
    .bind(expires_at)
    .execute(&state.db.pool)
    .await;
    match inserted {
        Ok(_) => ok(Received {
            coupon_id,
            percent: COUPON_PERCENT,
            received_at: now,
            expires_at,
            applies_to: "credits",
        }),
        Err(e) if crate::db::is_unique_violation(&e) => Err(ApiError::conflict(format!(
            "coupon_id: you have already received the {COUPON_PERCENT}% coupon"
        ))),
        Err(e) => Err(e.into()),
    }
}
