-- The operator console's Payments page and Overview (docs/operations.md#the-operator-console).
-- What each provider event did, as the webhook answered it (JSON of `grants::Outcome`; empty for
-- events received before this migration).
ALTER TABLE payment_events ADD COLUMN outcome TEXT NOT NULL DEFAULT '';
-- A refund an admin asked of the provider for a grant, at most once: `refund_state` goes from ''
-- to 'pending' in one conditional UPDATE (two admins clicking at once: one wins), then to
-- 'requested' with the provider's refund id, or back to '' if the provider refused. The credits
-- are taken back by the provider's charge.refunded webhook, as for a refund made in its dashboard.
ALTER TABLE payment_grants ADD COLUMN refund_state TEXT NOT NULL DEFAULT '';
ALTER TABLE payment_grants ADD COLUMN refund_id TEXT NOT NULL DEFAULT '';
ALTER TABLE payment_grants ADD COLUMN refund_by INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payment_grants ADD COLUMN refund_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX payment_grants_trade ON payment_grants(trade_id);
CREATE INDEX payment_events_received ON payment_events(received_at);
CREATE INDEX trades_created ON trades(created_at);
CREATE INDEX users_created ON users(created_at);
CREATE INDEX tasks_created ON tasks(created_ms);
CREATE INDEX credit_entries_date ON credit_entries(date);
