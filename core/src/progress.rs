//! The simulated progress bar of image generation (docs/behaviour/tasks-and-queue.md#progress).
//!
//! Float accuracy: the bar moves in steps of 4, 1, 0.5 and 0.01, and adding 0.01 to an `f64`
//! 1,900 times drifts (80 + 1900 × 0.01 is not exactly 99). So every computation here is done
//! in integer hundredths of a percent (`0..=10_000`): the input is rounded to the nearest
//! hundredth, stepped exactly, and returned as `hundredths / 100`, the nearest `f64` to the
//! intended value. Feeding a result back in rounds to the same hundredth, so iterating
//! [`progress_tick`] and asking [`progress_after`] agree exactly.

/// The bar moves once per second (docs/behaviour/tasks-and-queue.md#progress).
pub const PROGRESS_TICK_MS: u32 = 1_000;
/// The simulation never passes 99 on its own (docs/behaviour/tasks-and-queue.md#progress).
pub const PROGRESS_CAP: f64 = 99.0;
/// Value after success (docs/behaviour/tasks-and-queue.md#progress).
pub const PROGRESS_DONE: f64 = 100.0;
/// Value after clean (docs/behaviour/tasks-and-queue.md#progress).
pub const PROGRESS_START: f64 = 0.0;

/// (band upper limit, step) in hundredths: +4 below 20, +1 below 50, +0.5 below 80, +0.01 below 99.
const BANDS: [(i64, i64); 4] = [(2_000, 400), (5_000, 100), (8_000, 50), (9_900, 1)];
const CAP: i64 = 9_900;

/// Rounds a value to hundredths, NaN and negatives to 0, at most 100.00.
fn to_hundredths(value: f64) -> i64 {
    if value.is_nan() || value <= 0.0 {
        0
    } else if value >= 100.0 {
        10_000
    } else {
        // 0 < value < 100: the product fits easily.
        (value * 100.0).round() as i64
    }
}

fn from_hundredths(h: i64) -> f64 {
    h as f64 / 100.0
}

/// Advances `h` by `ticks` ticks; values at or above the cap stay as they are.
fn advance(mut h: i64, mut ticks: u64) -> i64 {
    for (limit, step) in BANDS {
        if ticks == 0 {
            break;
        }
        if h >= limit {
            continue;
        }
        // Ticks needed to reach or pass the band's limit (the band is judged on the value
        // before each step, so the last step may overshoot: 18 + 4 = 22).
        let needed = (limit - h + step - 1) / step;
        let taken = ticks.min(needed as u64);
        h += taken as i64 * step;
        ticks -= taken;
    }
    h
}

/// One tick of the simulation (docs/behaviour/tasks-and-queue.md#progress): +4 below 20, +1 below
/// 50, +0.5 below 80, +0.01 below 99, never above 99. Values of 99 or more (e.g. 100 after success)
/// are returned unchanged (clamped to 100); NaN and negatives count as 0. The result is exact to
/// hundredths.
pub fn progress_tick(value: f64) -> f64 {
    let h = to_hundredths(value);
    if h >= CAP {
        return from_hundredths(h);
    }
    from_hundredths(advance(h, 1).min(CAP))
}

/// The simulated value `elapsed_ms` after the start from 0
/// (docs/behaviour/tasks-and-queue.md#progress): one tick per whole second. Reaches 20 after 5 s,
/// 50 after 35 s, 80 after 95 s and 99 after 1,995 s. NaN and negative elapsed times give 0; huge
/// ones give 99.
pub fn progress_after(elapsed_ms: f64) -> f64 {
    if elapsed_ms.is_nan() || elapsed_ms < f64::from(PROGRESS_TICK_MS) {
        return PROGRESS_START;
    }
    // Saturating conversion: `as` maps +inf and huge values to u64::MAX.
    let ticks = (elapsed_ms / f64::from(PROGRESS_TICK_MS)).floor() as u64;
    from_hundredths(advance(0, ticks).min(CAP))
}

/// The value to display (docs/behaviour/tasks-and-queue.md#progress): clamped to 0..=100 and
/// rounded half up (like JavaScript's `Math.round`); NaN shows 0.
pub fn progress_display(value: f64) -> u8 {
    if value.is_nan() || value <= 0.0 {
        0
    } else if value >= 100.0 {
        100
    } else {
        // 0 < value < 100, so the result is in 0..=100.
        (value + 0.5).floor() as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterating_ticks_matches_closed_form() {
        let mut v = 0.0;
        for s in 1..=2_100u32 {
            v = progress_tick(v);
            assert_eq!(v, progress_after(f64::from(s) * 1_000.0), "second {s}");
        }
        assert_eq!(v, 99.0);
        assert_eq!(progress_after(5_000.0), 20.0);
        assert_eq!(progress_after(35_000.0), 50.0);
        assert_eq!(progress_after(95_000.0), 80.0);
        assert_eq!(progress_after(96_000.0), 80.01);
        assert_eq!(progress_after(1_994_000.0), 98.99);
        assert_eq!(progress_after(1_995_000.0), 99.0);
    }

    #[test]
    fn overshoot_and_edges() {
        assert_eq!(progress_tick(18.0), 22.0);
        assert_eq!(progress_tick(98.995), 99.0);
        assert_eq!(progress_tick(100.0), 100.0);
        assert_eq!(progress_tick(f64::NAN), 4.0);
        assert_eq!(progress_display(49.5), 50);
        assert_eq!(progress_display(f64::INFINITY), 100);
    }
}
