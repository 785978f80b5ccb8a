-- A token's family: the jti of the token its session began with (a renewal's new token joins
-- its old one's family; empty for tokens issued before, each its own family), and whether the
-- token was renewed: a token is renewed once, and logging out ends its whole family
-- (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions).
ALTER TABLE tokens ADD COLUMN family TEXT NOT NULL DEFAULT '';
ALTER TABLE tokens ADD COLUMN renewed BIGINT NOT NULL DEFAULT 0;
CREATE INDEX tokens_family ON tokens(family) WHERE family <> '';
