-- Several instances on one database (tasks/worker.rs): the instance running a task, its last
-- sign of life, and how many times it was claimed (a task is tried at most 3 times).
ALTER TABLE tasks ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE tasks ADD COLUMN heartbeat_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
