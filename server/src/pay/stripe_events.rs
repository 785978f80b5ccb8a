//! The Stripe events the server acts on, read from their JSON into what `grants.rs` needs.
//! Fields that Stripe may send as an id or as an expanded object are read either way, and the
//! invoice's subscription and payment intent in their older (`subscription`, `payment_intent`)
//! and newer (`parent.subscription_details.subscription`, `payments`) places.

use serde::Deserialize;
use serde_json::Value;

/// A webhook event: `{id, type, data: {object}}`.
#[derive(Debug, Clone, Deserialize)]
pub struct Event {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub data: EventData,
}

#[derive(Debug, Clone, Deserialize)]
pub struct EventData {
    pub object: Value,
}

/// A paid (or free, for a trial) Checkout Session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidSession {
    pub id: String,
    /// Our checkout id (`metadata[checkout_id]`, else `client_reference_id`).
    pub checkout_id: String,
    pub amount_total: i64,
    pub payment_intent: String,
    pub invoice: String,
    pub subscription: String,
}

/// A paid invoice of a subscription.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidInvoice {
    pub id: String,
    pub subscription: String,
    /// `subscription_create` (granted with the session), `subscription_cycle` (a renewal), …
    pub billing_reason: String,
    pub amount_paid: i64,
    pub payment_intent: String,
}

/// Money given back: a refund (`charge.refunded`) or a dispute (`charge.dispute.created`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoneyBack {
    pub payment_intent: String,
    pub invoice: String,
    /// The charge's amount and how much of it went back; a dispute counts as all of it.
    pub amount: i64,
    pub returned: i64,
}

/// What an event asks of the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    SessionPaid(PaidSession),
    InvoicePaid(PaidInvoice),
    MoneyBack(MoneyBack),
    /// Nothing to do, and why.
    Ignore(&'static str),
}

/// An id given as a string or as an expanded object; "" when absent.
fn id_of(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Object(o)) => o
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        _ => String::new(),
    }
}

fn text<'a>(object: &'a Value, key: &str) -> &'a str {
    object.get(key).and_then(Value::as_str).unwrap_or_default()
}

fn int(object: &Value, key: &str) -> i64 {
    object.get(key).and_then(Value::as_i64).unwrap_or_default()
}

fn session(object: &Value) -> Action {
    if !matches!(
        text(object, "payment_status"),
        "paid" | "no_payment_required"
    ) {
        return Action::Ignore("the session is not paid yet");
    }
    let metadata = text(
        object.get("metadata").unwrap_or(&Value::Null),
        "checkout_id",
    );
    let checkout_id = if metadata.is_empty() {
        text(object, "client_reference_id")
    } else {
        metadata
    };
    Action::SessionPaid(PaidSession {
        id: text(object, "id").to_owned(),
        checkout_id: checkout_id.to_owned(),
        amount_total: int(object, "amount_total"),
        payment_intent: id_of(object.get("payment_intent")),
        invoice: id_of(object.get("invoice")),
        subscription: id_of(object.get("subscription")),
    })
}

fn invoice(object: &Value) -> Action {
    let mut subscription = id_of(object.get("subscription"));
    if subscription.is_empty() {
        subscription = id_of(
            object
                .pointer("/parent/subscription_details/subscription")
                .or_else(|| object.pointer("/subscription_details/subscription")),
        );
    }
    let mut payment_intent = id_of(object.get("payment_intent"));
    if payment_intent.is_empty() {
        payment_intent = id_of(object.pointer("/payments/data/0/payment/payment_intent"));
    }
    Action::InvoicePaid(PaidInvoice {
        id: text(object, "id").to_owned(),
        subscription,
        billing_reason: text(object, "billing_reason").to_owned(),
        amount_paid: int(object, "amount_paid"),
        payment_intent,
    })
}

/// What the event asks (unknown types are ignored; Stripe sends only those subscribed to).
pub fn action(event: &Event) -> Action {
    let object = &event.data.object;
    match event.kind.as_str() {
        "checkout.session.completed" | "checkout.session.async_payment_succeeded" => {
            session(object)
        }
        "invoice.paid" => invoice(object),
        "charge.refunded" => Action::MoneyBack(MoneyBack {
            payment_intent: id_of(object.get("payment_intent")),
            invoice: id_of(object.get("invoice")),
            amount: int(object, "amount"),
            returned: int(object, "amount_refunded"),
        }),
        "charge.dispute.created" => {
            let amount = int(object, "amount");
            Action::MoneyBack(MoneyBack {
                payment_intent: id_of(object.get("payment_intent")),
                invoice: String::new(),
                amount,
                returned: amount,
            })
        }
        _ => Action::Ignore("an event type the server does not act on"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn event(kind: &str, object: Value) -> Event {
        Event {
            id: "evt_1".into(),
            kind: kind.into(),
            data: EventData { object },
        }
    }

    #[test]
    fn reads_old_and_new_invoice_shapes() {
        let old = json!({"id": "in_1", "subscription": "sub_1", "billing_reason": "subscription_cycle", "amount_paid": 999, "payment_intent": "pi_1"});
        let new = json!({"id": "in_1", "parent": {"subscription_details": {"subscription": "sub_1"}}, "billing_reason": "subscription_cycle", "amount_paid": 999, "payments": {"data": [{"payment": {"payment_intent": {"id": "pi_1"}}}]}});
        let a = action(&event("invoice.paid", old));
        assert_eq!(a, action(&event("invoice.paid", new)));
        assert!(
            matches!(a, Action::InvoicePaid(i) if i.subscription == "sub_1" && i.payment_intent == "pi_1")
        );
    }

    #[test]
    fn unpaid_sessions_and_other_events_are_ignored() {
        let unpaid = json!({"id": "cs_1", "payment_status": "unpaid"});
        assert!(matches!(
            action(&event("checkout.session.completed", unpaid)),
            Action::Ignore(_)
        ));
        assert!(matches!(
            action(&event("customer.created", json!({}))),
            Action::Ignore(_)
        ));
        let paid = json!({"id": "cs_1", "payment_status": "paid", "client_reference_id": "co_x", "amount_total": 199});
        assert!(matches!(
            action(&event("checkout.session.completed", paid)),
            Action::SessionPaid(s) if s.checkout_id == "co_x" && s.amount_total == 199
        ));
    }
}
