-- Once-per-person offers and atomic upload quotas.
--
-- `identity` is the e-mail with its aliases folded (identity.rs: `ann+1@example.com` is
-- `ann@example.com`); accounts made before this migration keep their e-mail as identity.
-- `signup_grants` has one row per identity that received the sign-up credits: the first account
-- of an identity takes it, later ones start without (the primary key decides, even in parallel).
ALTER TABLE users ADD COLUMN identity TEXT NOT NULL DEFAULT '';
UPDATE users SET identity = email;
CREATE INDEX users_identity ON users(identity);

CREATE TABLE signup_grants (
    identity TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    created_ms BIGINT NOT NULL
);
INSERT INTO signup_grants (identity, user_id, created_ms)
    SELECT identity, id, created_at * 1000 FROM users;

-- An upload in progress holds its bytes against the quota (uploads/reservations.rs), so parallel
-- uploads cannot pass it together; one row per upload URL, so one URL cannot be used twice at once.
CREATE TABLE upload_reservations (
    oss_path TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    bytes BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
CREATE INDEX upload_reservations_user ON upload_reservations(user_id);
