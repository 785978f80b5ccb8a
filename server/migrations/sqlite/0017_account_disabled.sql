-- An account the operator disabled from the console cannot log in; its sessions were ended when
-- it was disabled (docs/operations.md#the-operator-console).
ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
