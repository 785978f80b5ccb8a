//! The completion webhooks' settings (`webhooks/`, docs/api.md#completion-webhooks), plain data
//! the configuration defines so it imports no area:
//!
//! - `AIVG_WEBHOOK_ALLOW_HTTP=1`: callback URLs may be `http://` (off: `https://` only);
//! - `AIVG_WEBHOOK_ALLOW_NETWORKS`: comma-separated networks (`127.0.0.0/8,::1/128`, or a bare
//!   address for one host) a callback may reach although they are loopback, private, link-local…
//!   (off: none). Both exist for tests and for an operator whose receivers live on their own
//!   network; a public site leaves them unset.

use crate::config::error::ConfigError;
use std::net::IpAddr;

/// A network in CIDR notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    pub addr: IpAddr,
    pub prefix: u8,
}

impl Network {
    /// Parses `10.1.0.0/16`, `::1/128` or a bare address (the one host).
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let (addr, prefix) = match text.split_once('/') {
            Some((a, p)) => (a.parse::<IpAddr>().ok()?, p.parse::<u8>().ok()?),
            None => {
                let a = text.parse::<IpAddr>().ok()?;
                (a, if a.is_ipv4() { 32 } else { 128 })
            }
        };
        let max = if addr.is_ipv4() { 32 } else { 128 };
        (prefix <= max).then_some(Self { addr, prefix })
    }

    /// Whether `ip` is in the network (an IPv4-mapped IPv6 address counts as its IPv4 one).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        let bits = |a: IpAddr| -> u128 {
            match a {
                IpAddr::V4(v4) => u128::from(u32::from(v4)) << 96,
                IpAddr::V6(v6) => u128::from(v6),
            }
        };
        if ip.is_ipv4() != self.addr.is_ipv4() {
            return false;
        }
        // An IPv4 address sits in the top 32 bits, so in both families the prefix counts from
        // the top.
        let mask = u128::MAX
            .checked_shl(128 - u32::from(self.prefix))
            .unwrap_or(0);
        bits(ip) & mask == bits(self.addr) & mask
    }
}

/// Where callbacks may go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebhookSettings {
    pub allow_http: bool,
    pub allow_networks: Vec<Network>,
}

impl WebhookSettings {
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let allow_http = match var("AIVG_WEBHOOK_ALLOW_HTTP").as_deref().map(str::trim) {
            None | Some("0" | "false") => false,
            Some("1" | "true") => true,
            Some(other) => {
                return Err(ConfigError {
                    name: "AIVG_WEBHOOK_ALLOW_HTTP",
                    problem: format!("{other:?}: use 1 or 0"),
                });
            }
        };
        let mut allow_networks = Vec::new();
        for part in var("AIVG_WEBHOOK_ALLOW_NETWORKS")
            .unwrap_or_default()
            .split(',')
            .filter(|p| !p.trim().is_empty())
        {
            allow_networks.push(Network::parse(part).ok_or_else(|| ConfigError {
                name: "AIVG_WEBHOOK_ALLOW_NETWORKS",
                problem: format!("{part:?} is not a network like 10.0.0.0/8 or ::1/128"),
            })?);
        }
        Ok(Self {
            allow_http,
            allow_networks,
        })
    }

    /// Whether the operator allowed `ip` explicitly.
    pub fn allows(&self, ip: IpAddr) -> bool {
        self.allow_networks.iter().any(|n| n.contains(ip))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn networks_parse_and_contain() {
        let n = Network::parse("10.1.0.0/16").unwrap();
        assert!(n.contains("10.1.200.3".parse().unwrap()));
        assert!(!n.contains("10.2.0.1".parse().unwrap()));
        assert!(!n.contains("::1".parse().unwrap()));
        let one = Network::parse("::1").unwrap();
        assert!(one.contains("::1".parse().unwrap()));
        assert!(!one.contains("::2".parse().unwrap()));
        let lo = Network::parse("127.0.0.0/8").unwrap();
        assert!(lo.contains("::ffff:127.0.0.1".parse().unwrap()), "mapped");
        assert!(
            Network::parse("0.0.0.0/0")
                .unwrap()
                .contains("8.8.8.8".parse().unwrap())
        );
        assert_eq!(Network::parse("10.0.0.0/33"), None);
        assert_eq!(Network::parse("example.com"), None);
    }

    #[test]
    fn settings_read_the_environment() {
        let env = |name: &str| match name {
            "AIVG_WEBHOOK_ALLOW_HTTP" => Some("1".to_owned()),
            "AIVG_WEBHOOK_ALLOW_NETWORKS" => Some("127.0.0.0/8, ::1/128".to_owned()),
            _ => None,
        };
        let s = WebhookSettings::from_env(&env).unwrap();
        assert!(s.allow_http && s.allows("127.0.0.1".parse().unwrap()));
        let bad = |name: &str| (name == "AIVG_WEBHOOK_ALLOW_NETWORKS").then(|| "nope".to_owned());
        assert!(WebhookSettings::from_env(&bad).is_err());
        assert_eq!(
            WebhookSettings::from_env(&|_| None).unwrap(),
            WebhookSettings::default()
        );
    }
}
