//! Open-loop load over loopback for `server_load`: requests leave at a fixed rate whatever the
//! server does, and each latency is measured from the request's *scheduled* start, so a stalled
//! server cannot hide its queueing (no coordinated omission).

pub mod accounts;
pub mod capacity;
pub mod ledger;

use std::time::{Duration, Instant};

/// What one run at one rate measured.
#[derive(Debug, Clone, Copy)]
pub struct Report {
    pub target: u64,
    pub achieved: f64,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
    pub errors: u64,
    /// How late the generator sent its most-behind request: when large, the client was the limit.
    pub lag: Duration,
}

impl Report {
    /// Held: every request succeeded and p99 stayed within the bound.
    pub fn holds(&self, p99_bound: Duration) -> bool {
        self.errors == 0 && self.p99 <= p99_bound
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        write!(
            f,
            "{:>6} req/s target, {:>7.0} achieved, p50 {:>6.2} ms, p99 {:>7.2} ms, max {:>7.2} ms, errors {}, generator lag {:.2} ms",
            self.target,
            self.achieved,
            ms(self.p50),
            ms(self.p99),
            ms(self.max),
            self.errors,
            ms(self.lag)
        )
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let Some(last) = sorted.len().checked_sub(1) else {
        return Duration::ZERO;
    };
    let rank = ((p / 100.0) * last as f64).round() as usize;
    sorted.get(rank.min(last)).copied().unwrap_or_default()
}

/// Sends `rate` requests a second for `secs` seconds; `request(i)` builds the i-th request
/// (so each can carry its own account). A request succeeds when `ok(status)` says so.
pub async fn open_loop(
    rate: u64,
    secs: f64,
    request: impl Fn(u64) -> reqwest::RequestBuilder,
    ok: fn(reqwest::StatusCode) -> bool,
) -> Report {
    let interval = Duration::from_secs_f64(1.0 / rate as f64);
    let total = (rate as f64 * secs).round() as u64;
    let start = Instant::now();
    let mut handles = Vec::with_capacity(total as usize);
    let mut lag = Duration::ZERO;
    for i in 0..total {
        let scheduled = start + interval.mul_f64(i as f64);
        tokio::time::sleep_until(scheduled.into()).await;
        lag = lag.max(scheduled.elapsed());
        let req = request(i);
        handles.push(tokio::spawn(async move {
            let good = matches!(req.send().await, Ok(r) if ok(r.status()));
            (scheduled.elapsed(), good)
        }));
    }
    let mut latencies = Vec::with_capacity(handles.len());
    let mut errors = 0;
    for h in handles {
        match h.await {
            Ok((lat, good)) => {
                errors += u64::from(!good);
                latencies.push(lat);
            }
            Err(_) => errors += 1,
        }
    }
    let wall = start.elapsed().as_secs_f64();
    latencies.sort();
    Report {
        target: rate,
        achieved: latencies.len() as f64 / wall,
        p50: percentile(&latencies, 50.0),
        p99: percentile(&latencies, 99.0),
        max: latencies.last().copied().unwrap_or_default(),
        errors,
        lag,
    }
}
