-- The operator console's Tasks and Engines pages (docs/operations.md#the-operator-console).
-- Where a task ran: the engine (`comfyui`, `fal`, `local`), the ComfyUI server and our prompt id
-- there, written when the dispatcher hands the task over (empty before, and for tasks older than
-- this migration).
ALTER TABLE tasks ADD COLUMN engine TEXT NOT NULL DEFAULT '';
ALTER TABLE tasks ADD COLUMN backend TEXT NOT NULL DEFAULT '';
ALTER TABLE tasks ADD COLUMN prompt_id TEXT NOT NULL DEFAULT '';
-- Engine servers an admin took out of rotation (a ComfyUI server's URL, or `fal`): the
-- dispatcher sends them no new prompt. In the database so that it survives restarts and every
-- instance reads the same; a server without a row is in rotation.
CREATE TABLE engine_rotation (
    backend TEXT PRIMARY KEY,
    in_rotation INTEGER NOT NULL,
    admin_id INTEGER NOT NULL,
    changed_ms INTEGER NOT NULL
);
