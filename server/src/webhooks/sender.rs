//! One HTTP attempt of a delivery: a signed POST through a client that resolves names with
//! [`GuardedResolver`], uses no proxy (a proxy would connect to what it likes), follows no
//! redirect (a redirect could point anywhere), gives up after [`TIMEOUT`] and reads at most
//! [`MAX_ANSWER_BYTES`] of the answer (decided here; docs/api.md#completion-webhooks).

use super::outbox::Attempt;
use super::target::{self, GuardedResolver};
use crate::config::webhooks::WebhookSettings;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest an attempt may take, answer included.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// The most of a receiver's answer that is read (the rest is dropped with the connection).
pub const MAX_ANSWER_BYTES: usize = 4 * 1024;
/// The most of an error answer kept with the attempt.
const KEPT_ERROR_CHARS: usize = 200;

/// Sends deliveries.
#[derive(Debug, Clone)]
pub struct Sender {
    client: reqwest::Client,
    settings: WebhookSettings,
}

/// One signed message.
#[derive(Debug, Clone)]
pub struct Message<'a> {
    pub url: &'a str,
    pub msg_id: &'a str,
    pub timestamp: i64,
    pub signature: &'a str,
    pub body: String,
}

impl Sender {
    pub fn new(settings: &WebhookSettings) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder()
            .dns_resolver(Arc::new(GuardedResolver {
                settings: settings.clone(),
            }))
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(TIMEOUT)
            .connect_timeout(TIMEOUT)
            .user_agent(concat!("aivg-webhooks/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self {
            client,
            settings: settings.clone(),
        })
    }

    /// Makes the attempt; never fails (what went wrong is the attempt's error).
    pub async fn send(&self, m: Message<'_>) -> Attempt {
        let started = Instant::now();
        let (status, error) = self.post(&m).await.unwrap_or_else(|e| (0, e));
        Attempt {
            status,
            error,
            duration_ms: i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX),
            last: false,
        }
    }

    async fn post(&self, m: &Message<'_>) -> Result<(i64, String), String> {
        // The URL was checked when given; the rules may have changed since, and an address
        // given literally reaches no resolver.
        let url = target::parse(m.url, &self.settings)?;
        let mut answer = self
            .client
            .post(url)
            .header("content-type", "application/json")
            .header("webhook-id", m.msg_id)
            .header("webhook-timestamp", m.timestamp.to_string())
            .header("webhook-signature", m.signature)
            .body(m.body.clone())
            .send()
            .await
            .map_err(|e| describe(&e))?;
        let status = answer.status();
        let mut read = Vec::new();
        while read.len() < MAX_ANSWER_BYTES {
            match answer.chunk().await {
                Ok(Some(bytes)) => read.extend_from_slice(&bytes),
                Ok(None) => break,
                Err(e) => return Err(describe(&e)),
            }
        }
        let error = if status.is_success() {
            String::new()
        } else if status.is_redirection() {
            format!("HTTP {status}: redirects are not followed")
        } else {
            let text: String = String::from_utf8_lossy(&read)
                .chars()
                .filter(|c| !c.is_control())
                .take(KEPT_ERROR_CHARS)
                .collect();
            format!("HTTP {status} {text}").trim_end().to_owned()
        };
        Ok((i64::from(status.as_u16()), error))
    }
}

/// An error with its causes (the resolver's refusal is a cause of the connect error).
fn describe(e: &reqwest::Error) -> String {
    if e.is_timeout() {
        return format!("no answer within {} s", TIMEOUT.as_secs());
    }
    let mut text = kind(e);
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text.chars().take(KEPT_ERROR_CHARS * 2).collect()
}

/// What kind of failure `e` is, without the URL (listed with the delivery already).
fn kind(e: &reqwest::Error) -> String {
    let what = if e.is_connect() {
        "could not connect"
    } else if e.is_body() || e.is_decode() {
        "the answer broke off"
    } else {
        "the request failed"
    };
    what.to_owned()
}
