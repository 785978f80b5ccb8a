-- The seconds of media a task of a minute-metered tool uses (translate, denoise, vocal remover;
-- docs/behaviour/tasks-and-queue.md#minute-metered-tools: the standard plan's monthly minutes,
-- core/src/tasks/minutes.rs): the length of its input file, rounded up, 0 for every other task. The
-- month's use is the sum over the tasks that did not fail and were not cancelled
-- (tasks/minutes.rs).
ALTER TABLE tasks ADD COLUMN media_seconds INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tasks_user_algorithm ON tasks(user_id, algorithm, created_ms);
