//! The server's only clock read; core never reads one (time is always an argument there).
//!
//! Debug builds only (the browser tests run one; `npm start` and `npm run build` build release,
//! which has no such knob): `AIVG_TEST_NOW_MS` (epoch ms) starts the clock at that instant when
//! the server starts, and it runs on from there, so dated rules (the halloween campaign,
//! docs/behaviour/pricing-and-purchase.md#coupons) can be tested from the user's side on any day.
//! Tests in-process call [`set_test_now_ms`].

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    system_ms().saturating_add(test_offset_ms())
}

/// The system's clock, in milliseconds since the Unix epoch.
fn system_ms() -> i64 {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Seconds since the Unix epoch.
pub fn now_s() -> i64 {
    now_ms() / 1000
}

#[cfg(debug_assertions)]
static TEST_OFFSET_MS: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);

#[cfg(debug_assertions)]
fn test_offset_ms() -> i64 {
    TEST_OFFSET_MS.load(std::sync::atomic::Ordering::Relaxed)
}

#[cfg(not(debug_assertions))]
const fn test_offset_ms() -> i64 {
    0
}

/// Debug builds: moves the clock so that it reads `now_ms` now and runs on from there. The offset
/// is taken from the system's clock alone, so tests setting the same instant at once agree.
#[cfg(debug_assertions)]
pub fn set_test_now_ms(now_ms: i64) {
    let offset = now_ms.saturating_sub(system_ms());
    TEST_OFFSET_MS.store(offset, std::sync::atomic::Ordering::Relaxed);
}

/// Debug builds: applies `AIVG_TEST_NOW_MS` when set (a server's start-up). Errors name the
/// variable when it is not a whole number of milliseconds.
pub fn apply_test_now_env() -> Result<(), String> {
    let Ok(text) = std::env::var("AIVG_TEST_NOW_MS") else {
        return Ok(());
    };
    let ms: i64 = text
        .trim()
        .parse()
        .map_err(|_| format!("AIVG_TEST_NOW_MS: {text:?} is not a whole number of milliseconds"))?;
    #[cfg(debug_assertions)]
    {
        set_test_now_ms(ms);
        tracing::warn!("AIVG_TEST_NOW_MS: the clock starts at {ms} (a debug build's test clock)");
    }
    #[cfg(not(debug_assertions))]
    tracing::warn!("AIVG_TEST_NOW_MS={ms} is ignored: only debug builds have a test clock");
    Ok(())
}
