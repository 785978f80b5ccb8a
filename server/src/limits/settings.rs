//! The abuse limits' configuration (see docs/configuration.md, "Limits", for the table).
//!
//! A rate is written `<count>/<period>`: `10/1h`, `30/10m`, `120/m`, `5/90s`; `off` removes the
//! limit. It allows `count` requests in a row, then one more every `period / count` (governor's
//! GCRA: on average `count` per `period`, never a burst above `count`).

use super::client_ip::Net;
use crate::config::error::ConfigError;
use crate::config::number::number_in;
use axum::http::HeaderName;
use std::num::NonZeroU32;
use std::time::Duration;

/// `count` requests per `period`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub count: NonZeroU32,
    pub period: Duration,
}

impl Rate {
    /// `count` per `period` (a zero count or period is read as 1 per second).
    pub fn new(count: u32, period: Duration) -> Self {
        Self {
            count: NonZeroU32::new(count).unwrap_or(NonZeroU32::MIN),
            period: period.max(Duration::from_millis(1)),
        }
    }

    /// Parses `10/1h` (units s, m, h, d; a missing number means 1); `None` for `off`.
    pub fn parse(text: &str) -> Result<Option<Self>, String> {
        let text = text.trim().to_ascii_lowercase();
        if text == "off" || text == "0" {
            return Ok(None);
        }
        let bad = || format!("{text:?} is not a rate like 10/1h, 30/10m or off");
        let (count, period) = text.split_once('/').ok_or_else(bad)?;
        let count: u32 = count.trim().parse().map_err(|_| bad())?;
        let period = period.trim();
        let unit_at = period.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        let (n, unit) = period.split_at(unit_at);
        let n: u64 = if n.is_empty() {
            1
        } else {
            n.parse().map_err(|_| bad())?
        };
        let secs = match unit {
            "s" => n,
            "m" => n.saturating_mul(60),
            "h" => n.saturating_mul(3600),
            "d" => n.saturating_mul(86_400),
            _ => return Err(bad()),
        };
        if count == 0 || secs == 0 {
            return Err(bad());
        }
        Ok(Some(Self::new(count, Duration::from_secs(secs))))
    }
}

/// Every limit and bound of `limits`; `None` = not limited.
#[derive(Debug, Clone)]
pub struct LimitSettings {
    /// `AIVG_TRUSTED_PROXY_HEADER` (lower case): the header carrying the client's address
    /// (`x-forwarded-for`); unset = the socket peer is the client.
    pub proxy_header: Option<HeaderName>,
    /// `AIVG_TRUSTED_PROXIES`: the proxies whose header is believed.
    pub trusted_proxies: Vec<Net>,
    /// `AIVG_LIMIT_SIGNUP`: new accounts per client address.
    pub signup_ip: Option<Rate>,
    /// `AIVG_LIMIT_LOGIN_IP`: log-in attempts per client address.
    pub login_ip: Option<Rate>,
    /// `AIVG_LIMIT_LOGIN_ACCOUNT`: log-in attempts per account before it counts as attacked.
    pub login_account: Option<Rate>,
    /// `AIVG_LIMIT_LOGIN_NETWORK`: failed attempts on an attacked account per client address
    /// (a correct password spends nothing).
    pub login_network: Option<Rate>,
    /// `AIVG_LIMIT_CODE`: authorization-code exchanges per client address.
    pub code_ip: Option<Rate>,
    /// `AIVG_LIMIT_FREE_IP` / `AIVG_LIMIT_FREE_USER`: free calls per address / per account.
    pub free_ip: Option<Rate>,
    pub free_user: Option<Rate>,
    /// `AIVG_LIMIT_LIST`: task list and result batch calls per account (each answers up to 100
    /// task rows, so they weigh more than the other free calls; the app polls the batch every
    /// 3 s while the event stream is down, 20 a minute per tab).
    pub list_user: Option<Rate>,
    /// `AIVG_LIMIT_ANON`: anonymous writes (analytics, reports, experiments) per address.
    pub anon_ip: Option<Rate>,
    /// `AIVG_LIMIT_API_KEY`: calls per API key (docs/api.md), besides the account's own limits.
    pub api_key: Option<Rate>,
    /// `AIVG_HASH_CONCURRENCY`: password hashes at once.
    pub hash_concurrency: usize,
    /// `AIVG_DECODE_CONCURRENCY`: image decodes and media probes at once.
    pub decode_concurrency: usize,
    /// `AIVG_BUSY_WAIT_MS`: how long a request waits for a hash or decode slot before a 429.
    pub busy_wait: Duration,
    /// `AIVG_MAX_DECODE_PIXELS`: the largest picture the server decodes (the free calls, the
    /// prompt description, task inputs; `uploads::picture_size`).
    pub max_decode_pixels: u64,
}

/// Loopback and private networks: the usual place of a reverse proxy.
pub const DEFAULT_TRUSTED_PROXIES: &str =
    "127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7";

/// 4096 × 4096: the app uploads images downscaled to 2000 px, so this leaves room.
pub const DEFAULT_MAX_DECODE_PIXELS: u64 = 4096 * 4096;

fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
}

impl LimitSettings {
    /// The production defaults (docs/configuration.md, "Limits").
    pub fn defaults() -> Self {
        let rate = |n, secs| Some(Rate::new(n, Duration::from_secs(secs)));
        Self {
            proxy_header: None,
            trusted_proxies: Net::parse_list(DEFAULT_TRUSTED_PROXIES).unwrap_or_default(),
            signup_ip: rate(10, 3600),
            login_ip: rate(30, 600),
            login_account: rate(10, 900),
            login_network: rate(1, 900),
            code_ip: rate(60, 600),
            free_ip: rate(300, 60),
            free_user: rate(120, 60),
            list_user: rate(120, 60),
            anon_ip: rate(120, 60),
            api_key: rate(300, 60),
            hash_concurrency: cores(),
            decode_concurrency: cores(),
            busy_wait: Duration::from_secs(2),
            max_decode_pixels: DEFAULT_MAX_DECODE_PIXELS,
        }
    }

    /// Tests: no rate limit (many accounts from one address), the same bounds.
    pub fn for_tests() -> Self {
        Self {
            signup_ip: None,
            login_ip: None,
            login_account: None,
            login_network: None,
            code_ip: None,
            free_ip: None,
            free_user: None,
            list_user: None,
            anon_ip: None,
            api_key: None,
            ..Self::defaults()
        }
    }

    /// Reads the environment over the defaults.
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let mut s = Self::defaults();
        let err = |name: &'static str, problem: String| ConfigError { name, problem };
        if let Some(h) = var("AIVG_TRUSTED_PROXY_HEADER") {
            let name = HeaderName::from_bytes(h.trim().to_ascii_lowercase().as_bytes())
                .map_err(|e| err("AIVG_TRUSTED_PROXY_HEADER", format!("{h:?}: {e}")))?;
            s.proxy_header = Some(name);
        }
        if let Some(list) = var("AIVG_TRUSTED_PROXIES") {
            s.trusted_proxies =
                Net::parse_list(&list).map_err(|e| err("AIVG_TRUSTED_PROXIES", e))?;
        }
        for (name, slot) in [
            ("AIVG_LIMIT_SIGNUP", &mut s.signup_ip),
            ("AIVG_LIMIT_LOGIN_IP", &mut s.login_ip),
            ("AIVG_LIMIT_LOGIN_ACCOUNT", &mut s.login_account),
            ("AIVG_LIMIT_LOGIN_NETWORK", &mut s.login_network),
            ("AIVG_LIMIT_CODE", &mut s.code_ip),
            ("AIVG_LIMIT_FREE_IP", &mut s.free_ip),
            ("AIVG_LIMIT_FREE_USER", &mut s.free_user),
            ("AIVG_LIMIT_LIST", &mut s.list_user),
            ("AIVG_LIMIT_ANON", &mut s.anon_ip),
            ("AIVG_LIMIT_API_KEY", &mut s.api_key),
        ] {
            if let Some(v) = var(name) {
                *slot = Rate::parse(&v).map_err(|e| err(name, e))?;
            }
        }
        let at_least = |name: &'static str, default, min: u64| {
            number_in(name, var(name), default, min.., "a whole number")
        };
        let count = |name: &'static str, default: usize| {
            number_in(name, var(name), default, 1.., "a whole number")
        };
        s.hash_concurrency = count("AIVG_HASH_CONCURRENCY", s.hash_concurrency)?;
        s.decode_concurrency = count("AIVG_DECODE_CONCURRENCY", s.decode_concurrency)?;
        let busy_ms = u64::try_from(s.busy_wait.as_millis()).unwrap_or(u64::MAX);
        s.busy_wait = Duration::from_millis(at_least("AIVG_BUSY_WAIT_MS", busy_ms, 0)?);
        s.max_decode_pixels = at_least("AIVG_MAX_DECODE_PIXELS", s.max_decode_pixels, 1)?;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_parse_with_units_and_off() {
        let r = Rate::parse("10/1h").unwrap().unwrap();
        assert_eq!((r.count.get(), r.period), (10, Duration::from_secs(3600)));
        let r = Rate::parse(" 120/m ").unwrap().unwrap();
        assert_eq!((r.count.get(), r.period), (120, Duration::from_secs(60)));
        assert_eq!(
            Rate::parse("5/90s").unwrap().unwrap().period,
            Duration::from_secs(90)
        );
        assert_eq!(Rate::parse("off").unwrap(), None);
        for bad in ["10", "x/1h", "10/1w", "0/1h", "10/0s", "10/h1"] {
            assert!(Rate::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_environment_overrides_defaults_and_names_bad_values() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |n: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == n)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        let s = LimitSettings::from_env(&env(&[
            ("AIVG_LIMIT_SIGNUP", "off"),
            ("AIVG_TRUSTED_PROXY_HEADER", "X-Forwarded-For"),
            ("AIVG_HASH_CONCURRENCY", "3"),
        ]))
        .unwrap();
        assert_eq!(s.signup_ip, None);
        assert_eq!(s.proxy_header.unwrap().as_str(), "x-forwarded-for");
        assert_eq!(s.hash_concurrency, 3);
        let e = LimitSettings::from_env(&env(&[("AIVG_LIMIT_LOGIN_IP", "lots")])).unwrap_err();
        assert_eq!(e.name, "AIVG_LIMIT_LOGIN_IP");
        let e = LimitSettings::from_env(&env(&[("AIVG_DECODE_CONCURRENCY", "0")])).unwrap_err();
        assert_eq!(e.name, "AIVG_DECODE_CONCURRENCY");
    }
}
