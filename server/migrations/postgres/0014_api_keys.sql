-- API keys of programs (accounts/auth/api_keys.rs, docs/api.md): only the SHA-256 of a key is
-- kept, with the few characters shown in the key list; times in ms, 0 = never.
CREATE TABLE api_keys (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    prefix TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    scopes TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL DEFAULT 0,
    last_used_ms BIGINT NOT NULL DEFAULT 0,
    revoked_ms BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX api_keys_user ON api_keys(user_id);
