//! The server's only clock read; core never reads one (time is always an argument there).

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Seconds since the Unix epoch.
pub fn now_s() -> i64 {
    now_ms() / 1000
}
