//! The capacity search: the highest request rate a call holds with p99 within a bound.
//! Rates double from a start until a run fails, then a few bisection steps narrow the edge.

use super::Report;
use std::future::Future;
use std::time::Duration;

/// Result of a search: every run made, and the highest rate that held (0 if none did).
#[derive(Debug)]
pub struct Capacity {
    pub runs: Vec<Report>,
    pub held: u64,
}

/// Searches between `start` and `max` requests a second; `run(rate)` performs one run.
/// `bisect` steps after the first failure (each halves the gap between held and failed).
pub async fn search<F, Fut>(
    start: u64,
    max: u64,
    bisect: u32,
    bound: Duration,
    mut run: F,
) -> Capacity
where
    F: FnMut(u64) -> Fut,
    Fut: Future<Output = Report>,
{
    let mut runs = Vec::new();
    let (mut held, mut failed) = (0u64, None::<u64>);
    let mut rate = start.max(1);
    while rate <= max {
        let r = run(rate).await;
        println!("    {r}");
        runs.push(r);
        if r.holds(bound) {
            held = rate;
            rate = rate.saturating_mul(2);
        } else {
            failed = Some(rate);
            break;
        }
    }
    // The start failed: halve down to an eighth of it to find what does hold.
    if held == 0 {
        let mut low = start / 2;
        while low >= (start / 8).max(1) && held == 0 {
            let r = run(low).await;
            println!("    {r}");
            runs.push(r);
            if r.holds(bound) {
                held = low;
            } else {
                failed = Some(low);
            }
            low /= 2;
        }
    }
    if let Some(mut hi) = failed.filter(|_| held > 0) {
        for _ in 0..bisect {
            let mid = (held + hi) / 2;
            if hi - held <= start / 2 || mid == held {
                break;
            }
            let r = run(mid).await;
            println!("    {r}");
            runs.push(r);
            if r.holds(bound) {
                held = mid;
            } else {
                hi = mid;
            }
        }
    }
    Capacity { runs, held }
}
