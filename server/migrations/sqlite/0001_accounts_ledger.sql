-- Accounts, sessions and the credits ledger (SQLite dialect; postgres/ holds the same schema).
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uid TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    nickname TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    verify_level TEXT NOT NULL DEFAULT 'free',
    verify_expired_time INTEGER NOT NULL DEFAULT 0,
    is_free_trial INTEGER NOT NULL DEFAULT 0,
    ledger_version INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE auth_codes (
    code TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    is_new INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE tokens (
    jti TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    expires_ms INTEGER NOT NULL,
    revoked INTEGER NOT NULL DEFAULT 0
);

-- Every change of credits is a row; the balance is derived (see ledger.rs).
CREATE TABLE credit_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL CHECK (type IN ('Acquisition', 'Consumption')),
    reason TEXT NOT NULL,
    details TEXT NOT NULL,
    credits INTEGER NOT NULL CHECK (credits >= 0),
    date INTEGER NOT NULL,
    expire_time INTEGER NOT NULL DEFAULT 0,
    status INTEGER NOT NULL DEFAULT 1,
    ref TEXT NOT NULL DEFAULT '',
    refund_of INTEGER REFERENCES credit_entries(id)
);
CREATE INDEX credit_entries_user ON credit_entries(user_id, date);
-- A consumption is refunded at most once.
CREATE UNIQUE INDEX credit_entries_refund_once ON credit_entries(refund_of);

-- Which grants a consumption drew from (negative rows give them back on refund).
CREATE TABLE credit_allocations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id INTEGER NOT NULL REFERENCES credit_entries(id),
    grant_id INTEGER NOT NULL REFERENCES credit_entries(id),
    credits INTEGER NOT NULL
);
CREATE INDEX credit_allocations_grant ON credit_allocations(grant_id);

-- One row per user and check-in cycle: the key makes a second claim impossible.
CREATE TABLE checkins (
    user_id INTEGER NOT NULL REFERENCES users(id),
    cycle_id INTEGER NOT NULL,
    credits INTEGER NOT NULL,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (user_id, cycle_id)
);
