-- Signed completion webhooks (webhooks/, docs/api.md#completion-webhooks).
--
-- A key's webhook secret (whsec_…, shown once when the key is made; kept in clear because the
-- server signs with it) and its default callback URL ('' = none). Keys made before this
-- migration have no secret and cannot take a callback.
ALTER TABLE api_keys ADD COLUMN webhook_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE api_keys ADD COLUMN callback_url TEXT NOT NULL DEFAULT '';

-- A task's callback, written with the task itself: the URL to call when it ends and the key
-- whose secret signs the call. The URL is emptied when the task has ended and its delivery row
-- is written (webhook_deliveries), so the partial index holds only the callbacks still to hand
-- over.
ALTER TABLE tasks ADD COLUMN callback_url TEXT NOT NULL DEFAULT '';
ALTER TABLE tasks ADD COLUMN callback_key INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tasks_callback_pending ON tasks(id) WHERE callback_url <> '';

-- One message per ended task: its webhook-id (msg_id), where it goes, and where its delivery
-- stands: 'pending' (next attempt at next_ms, unless an instance holds its lease until
-- lease_ms), 'delivered' or 'failed' (no attempt left, or its key was revoked). Times in ms.
CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    msg_id TEXT NOT NULL UNIQUE,
    task_id TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    key_id INTEGER NOT NULL REFERENCES api_keys(id),
    url TEXT NOT NULL,
    event TEXT NOT NULL,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_ms INTEGER NOT NULL,
    lease_ms INTEGER NOT NULL DEFAULT 0,
    created_ms INTEGER NOT NULL,
    done_ms INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_ms) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_key ON webhook_deliveries(key_id, id);

-- Each attempt: the receiver's HTTP status (0 = no answer) or what went wrong, and how long it
-- took.
CREATE TABLE webhook_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id),
    at_ms INTEGER NOT NULL,
    status INTEGER NOT NULL,
    error TEXT NOT NULL,
    duration_ms INTEGER NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, id);
