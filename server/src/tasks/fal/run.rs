//! One request on fal.ai, from submit to its result, by polling its status (no webhook needed).
//!
//! - Progress: waiting in fal's queue moves the bar 5-10 % as the position falls; running
//!   moves it 10-90 %, from a percentage or `step/total` in fal's latest log line when there is
//!   one, else one point per poll (fal reports no progress of its own); it never goes back.
//! - A [`CancelGuard`] is armed while the request is fal's: dropping the run (the worker does on
//!   cancel, on a timeout and when the server stops) sends `PUT cancel_url`. fal stops a request
//!   only while it waits in its queue; one already running finishes on fal and is not used.
//! - A status call that fails (network, fal's 5xx) is asked again for up to [`DOWN_GRACE`]
//!   before the run fails.

use super::client::{Client, FalError, Request, Status};
use crate::tasks::provider::ProgressSender;
use serde_json::Value;
use std::time::Duration;
use tokio::time::Instant;

/// How long fal may stop answering during a run before it fails.
pub const DOWN_GRACE: Duration = Duration::from_secs(120);

/// Cancels the request when dropped while armed.
#[derive(Debug)]
pub struct CancelGuard {
    client: Client,
    request: Option<Request>,
}

impl CancelGuard {
    pub fn new(client: &Client, request: &Request) -> Self {
        Self {
            client: client.clone(),
            request: Some(request.clone()),
        }
    }

    pub fn disarm(&mut self) {
        self.request = None;
    }
}

impl Drop for CancelGuard {
    fn drop(&mut self) {
        let Some(req) = self.request.take() else {
            return;
        };
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let client = self.client.clone();
        rt.spawn(async move {
            match client.cancel(&req).await {
                Ok(()) => tracing::info!("fal: cancelled request {}", req.id),
                Err(e) => tracing::warn!("fal: could not cancel request {}: {e}", req.id),
            }
        });
    }
}

/// The 0-1 fraction of a log line such as `45%|████` or `Step 12/30`.
pub fn log_fraction(line: &str) -> Option<f64> {
    if let Some(pos) = line.find('%') {
        let digits: String = line
            .get(..pos)?
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if let Ok(p) = digits.parse::<f64>()
            && (0.0..=100.0).contains(&p)
        {
            return Some(p / 100.0);
        }
    }
    let words = line.split(|c: char| !(c.is_ascii_digit() || c == '/'));
    for w in words {
        if let Some((a, b)) = w.split_once('/')
            && let (Ok(a), Ok(b)) = (a.parse::<f64>(), b.parse::<f64>())
            && b > 0.0
            && a <= b
        {
            return Some(a / b);
        }
    }
    None
}

/// The progress bar of one request, never going back.
#[derive(Debug)]
pub struct Meter<'a> {
    sender: &'a ProgressSender,
    shown: u8,
    /// The first and last percent of this request's share of the bar.
    from: u8,
    to: u8,
}

impl<'a> Meter<'a> {
    pub fn new(sender: &'a ProgressSender, from: u8, to: u8) -> Self {
        Self {
            sender,
            shown: 0,
            from,
            to: to.max(from),
        }
    }

    fn show(&mut self, p: u8) {
        if p > self.shown {
            self.shown = p;
            self.sender.set(p);
        }
    }

    /// `frac` (0-1) of the way through the request's share.
    fn at(&mut self, frac: f64) {
        let span = f64::from(self.to - self.from);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let p = self.from + (span * frac.clamp(0.0, 1.0)).round() as u8;
        self.show(p);
    }

    fn queued(&mut self, position: Option<u64>) {
        let ahead = position.unwrap_or(5).min(5);
        #[allow(clippy::cast_precision_loss)]
        self.at((5 - ahead) as f64 / 5.0 * 0.1);
    }

    fn running(&mut self, logs: &[String]) {
        match logs.iter().rev().find_map(|l| log_fraction(l)) {
            Some(f) => self.at(0.1 + 0.9 * f),
            None => {
                let creep = self.shown.max(self.from) + 1;
                self.show(creep.min(self.to.saturating_sub(1)).max(self.from));
            }
        }
    }
}

/// Submits `input` to `model` and waits for its result.
pub async fn run_request(
    client: &Client,
    model: &str,
    input: &Value,
    meter: &mut Meter<'_>,
    poll: Duration,
) -> Result<Value, FalError> {
    let req = client.submit(model, input).await?;
    tracing::info!("fal {model}: request {} queued", req.id);
    let mut guard = CancelGuard::new(client, &req);
    meter.at(0.0);
    let mut last_answer = Instant::now();
    loop {
        match client.status(&req).await {
            Ok(Status::Queued { position }) => meter.queued(position),
            Ok(Status::Running { logs }) => meter.running(&logs),
            Ok(Status::Completed) => break,
            Ok(Status::Failed(why)) => {
                guard.disarm();
                return Err(FalError::Refused(why));
            }
            Err(FalError::Down(why)) => {
                if last_answer.elapsed() >= DOWN_GRACE {
                    return Err(FalError::Down(why));
                }
                tracing::warn!("fal {model}: request {}: {why}", req.id);
                tokio::time::sleep(poll).await;
                continue;
            }
            Err(e) => {
                guard.disarm();
                return Err(e);
            }
        }
        last_answer = Instant::now();
        tokio::time::sleep(poll).await;
    }
    guard.disarm();
    meter.at(1.0);
    client.result(&req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_read_from_fal_logs() {
        assert_eq!(log_fraction(" 45%|████▌     | 9/20"), Some(0.45));
        assert_eq!(log_fraction("Step 12/30 done"), Some(0.4));
        assert_eq!(log_fraction("loading model"), None);
        assert_eq!(log_fraction("ratio 16/9 asked 5/0"), None);
    }

    #[test]
    fn the_bar_only_moves_forward() {
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let sender = ProgressSender::new(tx);
        let mut m = Meter::new(&sender, 10, 90);
        m.queued(Some(3));
        m.queued(Some(4));
        m.running(&["50%".into()]);
        m.running(&["10%".into()]);
        m.running(&[]);
        let mut seen = Vec::new();
        while let Ok(p) = rx.try_recv() {
            seen.push(p);
        }
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
        assert_eq!(seen.last(), Some(&55));
    }
}
