//! The webhook events Stripe sends, in its shapes (`{id, object: "event", type, data: {object}}`).

use serde_json::{Value, json};

/// An event of `kind` about `object`.
pub fn event(id: &str, kind: &str, object: Value) -> Value {
    json!({"id": id, "object": "event", "type": kind, "data": {"object": object}})
}

/// `checkout.session.completed` of a paid session; `extra` adds or replaces fields.
pub fn session_completed(
    id: &str,
    session: &str,
    checkout_id: &str,
    amount: i64,
    extra: Value,
) -> Value {
    let mut object = json!({
        "id": session, "object": "checkout.session", "payment_status": "paid",
        "client_reference_id": checkout_id, "metadata": {"checkout_id": checkout_id},
        "amount_total": amount, "currency": "usd",
    });
    if let (Some(o), Some(e)) = (object.as_object_mut(), extra.as_object()) {
        o.extend(e.clone());
    }
    event(id, "checkout.session.completed", object)
}

/// `invoice.paid` of a subscription's invoice.
pub fn invoice_paid(
    id: &str,
    invoice: &str,
    subscription: &str,
    reason: &str,
    amount: i64,
    pi: &str,
) -> Value {
    event(
        id,
        "invoice.paid",
        json!({"id": invoice, "object": "invoice", "subscription": subscription, "billing_reason": reason, "amount_paid": amount, "payment_intent": pi}),
    )
}

/// `charge.refunded`: `refunded` of the charge's `amount` given back.
pub fn charge_refunded(id: &str, pi: &str, amount: i64, refunded: i64) -> Value {
    event(
        id,
        "charge.refunded",
        json!({"id": "ch_1", "object": "charge", "payment_intent": pi, "amount": amount, "amount_refunded": refunded, "refunded": amount == refunded}),
    )
}

/// `charge.dispute.created` for `amount` of a payment.
pub fn dispute_created(id: &str, pi: &str, amount: i64) -> Value {
    event(
        id,
        "charge.dispute.created",
        json!({"id": "dp_1", "object": "dispute", "charge": "ch_1", "payment_intent": pi, "amount": amount}),
    )
}
