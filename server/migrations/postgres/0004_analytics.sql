-- Analytics events sent by the app in batches (docs/behaviour/ads-and-experiments.md#analytics:
-- tracking is analytics only). PostgreSQL dialect; sqlite/ holds the same schema.
--
-- `name` is the event (page_view, web_vitals, api_call, ...); `page` the path it happened on;
-- `metric`/`value` are set for measurements (web vitals FCP/LCP in ms) so the stats report can
-- take percentiles without parsing `data`, the event's other fields as a JSON object. `value` is 0
-- and means nothing while `metric` is ''; it is never NULL because sqlx's Any driver binds a NULL
-- double as float4 on PostgreSQL, which then refuses the float8 of the next row.
CREATE TABLE analytics_events (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    page TEXT NOT NULL DEFAULT '',
    metric TEXT NOT NULL DEFAULT '',
    value DOUBLE PRECISION NOT NULL DEFAULT 0,
    data TEXT NOT NULL DEFAULT '{}',
    session_id TEXT NOT NULL DEFAULT '',
    client_ms BIGINT NOT NULL,
    received_ms BIGINT NOT NULL
);
CREATE INDEX analytics_events_name ON analytics_events(name);
CREATE INDEX analytics_events_metric ON analytics_events(metric, page) WHERE metric <> '';
