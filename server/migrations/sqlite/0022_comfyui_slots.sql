-- A ComfyUI server's slots across instances (docs/engines.md#a-fleet-of-gpus): one row per
-- (server, slot number) while a prompt of ours holds it. A slot is taken with one conditional
-- upsert (a free number, or one whose lease expired: its instance died), so two instances never
-- hold the same slot; the row names the task and the instance, its expiry is renewed with the
-- task's heartbeat and it is deleted when ComfyUI is done with the prompt. A task re-attaching
-- to its prompt (a restart, a dead instance's task claimed again) takes its own row over.
CREATE TABLE comfyui_slots (
    backend TEXT NOT NULL,
    slot INTEGER NOT NULL,
    task_id TEXT NOT NULL,
    owner TEXT NOT NULL,
    expires_ms INTEGER NOT NULL,
    PRIMARY KEY (backend, slot)
);
CREATE INDEX comfyui_slots_task ON comfyui_slots(task_id);
