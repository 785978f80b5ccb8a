-- The workers' pick ranks each waiting user's oldest queued task and counts each such user's
-- running tasks (tasks/worker.rs): both read (status, user_id, id) alone, so this index answers
-- them without touching the table (with thousands of queued tasks the pick took ~2x longer
-- without it).
CREATE INDEX tasks_status_user ON tasks(status, user_id, id);
