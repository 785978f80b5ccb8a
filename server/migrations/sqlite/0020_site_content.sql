-- Site content in the database (docs/architecture.md#content-store, docs/operations.md#editing-content).
--
-- One row per content document (kind = the seed file's name without .json: templates, cms, ads,
-- experiments, activities, prompts, tools, explore, resources). `body` is the whole validated
-- JSON document; `version` grows by one at each edit (an edit names the version it started from,
-- so two admins cannot overwrite each other unseen). An empty table is filled from server/seed/
-- at start (the first import), so a fresh clone serves exactly the seed.
CREATE TABLE site_content (
    kind TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    version INTEGER NOT NULL,
    admin_id INTEGER NOT NULL DEFAULT 0,
    updated_ms INTEGER NOT NULL
);
