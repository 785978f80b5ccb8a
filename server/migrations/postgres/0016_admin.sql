-- The operator console (docs/operations.md#the-operator-console): an account is a user or an
-- admin, and every admin action is kept in an audit trail that no call edits or deletes.
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'user';
CREATE TABLE admin_audit (
    id BIGSERIAL PRIMARY KEY,
    -- 0 = the server machine's command line (`aivg-server admin grant`).
    admin_id BIGINT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    before TEXT NOT NULL,
    after TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);
