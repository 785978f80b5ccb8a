-- Single-use tickets of the task event stream (tasks/events.rs): EventSource cannot send headers,
-- and the access token must not travel in a URL.
CREATE TABLE event_tickets (
    ticket TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    jti TEXT NOT NULL,
    expires_ms BIGINT NOT NULL
);
