//! When a delivery is tried again (decided here; docs/api.md#retries): at once, then after 5 s,
//! 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, eight attempts over about 28 hours, so a receiver that
//! is down for most of a day still gets the message. A 2xx answer ends the delivery; any other
//! answer, or none within [`super::sender::TIMEOUT`], counts as a failed attempt.

/// Seconds to wait after failed attempt n (1-based) before attempt n + 1.
pub const RETRY_DELAYS_S: [i64; 7] = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];

/// Attempts in all.
pub const MAX_ATTEMPTS: i64 = RETRY_DELAYS_S.len() as i64 + 1;

/// Milliseconds to wait after `attempts` failed attempts, or `None` when none is left.
pub fn retry_after_ms(attempts: i64) -> Option<i64> {
    let i = usize::try_from(attempts.checked_sub(1)?).ok()?;
    RETRY_DELAYS_S.get(i).map(|s| s * 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_back_off_grows_over_a_day_and_ends() {
        assert_eq!(retry_after_ms(1), Some(5_000));
        assert_eq!(retry_after_ms(2), Some(300_000));
        assert_eq!(retry_after_ms(7), Some(36_000_000));
        assert_eq!(retry_after_ms(MAX_ATTEMPTS), None);
        assert_eq!(retry_after_ms(0), None);
        let total: i64 = RETRY_DELAYS_S.iter().sum();
        assert!(total > 86_400, "retries span more than a day: {total} s");
        assert!(RETRY_DELAYS_S.windows(2).all(|w| w[0] <= w[1]));
    }
}
