-- A refund is unique per consumption (`refund_of`), and only refunds have one: the index now
-- holds refunds alone. Over every row it matched `refund_of IS NULL`, and SQLite read each
-- balance through it (every grant of every user, then the user filter), so each balance read
-- grew with the whole ledger instead of the user's own entries (`credit_entries_user`).
DROP INDEX credit_entries_refund_once;
CREATE UNIQUE INDEX credit_entries_refund_once ON credit_entries(refund_of) WHERE refund_of IS NOT NULL;
