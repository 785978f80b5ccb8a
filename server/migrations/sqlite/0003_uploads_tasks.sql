-- Uploaded files and task outputs, and generation tasks (SQLite dialect; postgres/ holds the same schema).

-- Every stored object of a user: uploads (count toward the plan's storage quota) and task outputs.
-- oss_path is the object store key, always under users/{uid}/ (see uploads/mod.rs).
CREATE TABLE objects (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    oss_path TEXT NOT NULL UNIQUE,
    origin TEXT NOT NULL CHECK (origin IN ('upload', 'output')),
    task_id TEXT NOT NULL DEFAULT '',
    size INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
CREATE INDEX objects_user ON objects(user_id, origin);

-- Generation tasks. `id` orders the queue; `task_id` is the public id.
CREATE TABLE tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    task_id TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    algorithm TEXT NOT NULL,
    module TEXT NOT NULL,
    data TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
    progress INTEGER NOT NULL DEFAULT 0,
    credits INTEGER NOT NULL DEFAULT 0,
    -- The ledger consumption that paid for the task (0 = free); refunds point at it.
    charge_id INTEGER NOT NULL DEFAULT 0,
    refunded INTEGER NOT NULL DEFAULT 0,
    result TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    user_data TEXT NOT NULL DEFAULT '',
    save_type TEXT NOT NULL DEFAULT '',
    like_state INTEGER NOT NULL DEFAULT -1,
    retry_of TEXT NOT NULL DEFAULT '',
    deleted INTEGER NOT NULL DEFAULT 0,
    created_ms INTEGER NOT NULL,
    started_ms INTEGER NOT NULL DEFAULT 0,
    finished_ms INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tasks_user ON tasks(user_id, deleted, id);
CREATE INDEX tasks_status ON tasks(status, id);
