-- Test store (trades, subscriptions, coupons) and site data (experiments, promotions, reports).
-- PostgreSQL dialect; sqlite/ holds the same schema. Money is stored in cents.

-- One row per payment of the built-in test store (zero = 1 for a free trial, amount 0).
CREATE TABLE trades (
    id BIGSERIAL PRIMARY KEY,
    trade_id TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    sku_id BIGINT NOT NULL,
    sku_name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('credits', 'subscription', 'trial')),
    zero BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL,
    currency TEXT NOT NULL,
    credits BIGINT NOT NULL DEFAULT 0,
    coupon_id BIGINT NOT NULL DEFAULT 0,
    session TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX trades_user ON trades(user_id, created_at);

-- A subscription period bought (or tried) by a user: the `subscribe` list of the user info.
CREATE TABLE subscriptions (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    trade_id TEXT NOT NULL REFERENCES trades(trade_id),
    pid BIGINT NOT NULL,
    name TEXT NOT NULL,
    tier TEXT NOT NULL,
    period_unit TEXT NOT NULL,
    start_time BIGINT NOT NULL,
    expired_time BIGINT NOT NULL,
    is_free_trial BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions(user_id, expired_time);

-- Coupons received: the key makes a second claim impossible.
CREATE TABLE coupons (
    user_id BIGINT NOT NULL REFERENCES users(id),
    coupon_id BIGINT NOT NULL,
    percent BIGINT NOT NULL,
    received_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_trade_id TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (user_id, coupon_id)
);

-- Experiment groups: assigned once by hash, then never changed.
CREATE TABLE ab_assignments (
    test_code TEXT NOT NULL,
    subject TEXT NOT NULL,
    plan BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (test_code, subject)
);

-- Promotions applied (POST /v1/activity/apply): once per user and code.
CREATE TABLE activity_applies (
    user_id BIGINT NOT NULL REFERENCES users(id),
    code TEXT NOT NULL,
    credits BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, code)
);

-- Reports of explore items; user_id 0 for guests.
CREATE TABLE explore_reports (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL DEFAULT 0,
    explore_id BIGINT NOT NULL,
    reason TEXT NOT NULL,
    other TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX explore_reports_item ON explore_reports(explore_id);
