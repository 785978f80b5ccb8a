-- Payments: one-time checkouts (the store page and payment providers get an opaque id, never the
-- access token), and exactly-once bookkeeping of provider webhooks (pay/grants.rs).
-- PostgreSQL dialect; sqlite/ holds the same schema.

-- A checkout the signed-in buyer asked for: what is bought, at what price, through which
-- provider. `provider_ref` is the provider's own id (Stripe Checkout Session), `subscription_ref`
-- the subscription it started; `used_at` is set when the test store's page paid it (single use).
CREATE TABLE checkouts (
    id TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    sku_id BIGINT NOT NULL,
    zero BIGINT NOT NULL DEFAULT 0,
    session TEXT NOT NULL DEFAULT '',
    amount_cents BIGINT NOT NULL,
    currency TEXT NOT NULL,
    coupon_id BIGINT NOT NULL DEFAULT 0,
    provider TEXT NOT NULL,
    provider_ref TEXT NOT NULL DEFAULT '',
    subscription_ref TEXT NOT NULL DEFAULT '',
    used_at BIGINT NOT NULL DEFAULT 0,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX checkouts_provider_ref ON checkouts(provider, provider_ref) WHERE provider_ref <> '';
CREATE INDEX checkouts_subscription ON checkouts(provider, subscription_ref);

-- Every webhook event acted on, once: a replay hits the key and changes nothing.
CREATE TABLE payment_events (
    provider TEXT NOT NULL,
    event_id TEXT NOT NULL,
    type TEXT NOT NULL,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (provider, event_id)
);

-- Every paid object granted, once (a checkout session, a renewal invoice): two events about the
-- same session grant once. Refunds and disputes find the grant by payment intent or invoice and
-- count what was taken back in `clawed_credits`.
CREATE TABLE payment_grants (
    provider TEXT NOT NULL,
    object_id TEXT NOT NULL,
    checkout_id TEXT NOT NULL REFERENCES checkouts(id),
    trade_id TEXT NOT NULL REFERENCES trades(trade_id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    credits BIGINT NOT NULL,
    amount_cents BIGINT NOT NULL,
    payment_intent TEXT NOT NULL DEFAULT '',
    invoice TEXT NOT NULL DEFAULT '',
    clawed_credits BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (provider, object_id)
);
CREATE INDEX payment_grants_intent ON payment_grants(provider, payment_intent);
CREATE INDEX payment_grants_invoice ON payment_grants(provider, invoice);

-- Which provider a trade came through (`test` for the built-in test store).
ALTER TABLE trades ADD COLUMN provider TEXT NOT NULL DEFAULT 'test';
