-- Requests done once per Idempotency-Key (idempotency.rs): the user's key, a SHA-256 of the
-- request it was first used with, and that request's answer ('' while it is being done).
CREATE TABLE idempotency_keys (
    user_id BIGINT NOT NULL REFERENCES users(id),
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    answer TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_ms);
