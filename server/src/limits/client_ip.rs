//! The client's address: the socket peer, or — only when `AIVG_TRUSTED_PROXY_HEADER` is set and
//! the peer is one of `AIVG_TRUSTED_PROXIES` — the right-most hop of that header that is not a
//! trusted proxy. Hops left of it were written by the client and can say anything; the right-most
//! untrusted one was written by our own proxy. Limits key IPv6 clients by their /64 network (one
//! subscriber usually holds a whole /64).

use super::settings::LimitSettings;
use axum::extract::ConnectInfo;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// An address range `addr/prefix`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Net {
    addr: IpAddr,
    prefix: u8,
}

impl Net {
    /// `10.0.0.0/8`, `::1/128` or a single address.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let bad = || format!("{text:?} is not an address or a range like 10.0.0.0/8");
        let (addr, prefix) = match text.split_once('/') {
            Some((a, p)) => (a, Some(p.parse::<u8>().map_err(|_| bad())?)),
            None => (text, None),
        };
        let addr: IpAddr = addr.parse().map_err(|_| bad())?;
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(max);
        if prefix > max {
            return Err(bad());
        }
        Ok(Self { addr, prefix })
    }

    /// A comma-separated list (empty entries skipped).
    pub fn parse_list(text: &str) -> Result<Vec<Self>, String> {
        text.split(',')
            .filter(|s| !s.trim().is_empty())
            .map(Self::parse)
            .collect()
    }

    /// Whether `ip` is in the range (IPv4-mapped IPv6 addresses count as IPv4).
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, canonical(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The key a limit counts under: the address, or its /64 for IPv6.
pub fn limit_key(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V6(v6) => {
            let net = u128::from(v6) & (u128::MAX << 64);
            IpAddr::V6(Ipv6Addr::from(net))
        }
        v4 => v4,
    }
}

/// One hop of a forwarding header: an address, maybe with a port (`1.2.3.4:80`, `[::1]:80`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim().trim_matches('"');
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|s| s.ip()))
}

/// The client of a request that came from `peer` with `headers` (see the module doc).
pub fn client_ip(settings: &LimitSettings, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
    let trusted = |ip: IpAddr| settings.trusted_proxies.iter().any(|n| n.contains(ip));
    let Some(name) = &settings.proxy_header else {
        return canonical(peer);
    };
    if !trusted(peer) {
        return canonical(peer);
    }
    let hops: Vec<&str> = headers
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    let mut nearest = canonical(peer);
    for hop in hops.iter().rev() {
        let Some(ip) = parse_hop(hop) else {
            // Unreadable: the hop was not written by a proxy we trust.
            break;
        };
        if !trusted(ip) {
            return canonical(ip);
        }
        nearest = canonical(ip);
    }
    nearest
}

/// The client address of a request (see [`client_ip`]); `0.0.0.0` when the server was not
/// started with connection info (a router driven directly in a test).
pub fn of_parts(settings: &LimitSettings, parts: &Parts) -> IpAddr {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
    client_ip(settings, peer, &parts.headers)
}

/// The client's address as a handler argument.
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub IpAddr);

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(header: Option<&str>) -> LimitSettings {
        LimitSettings {
            proxy_header: header.map(|h| h.parse().unwrap()),
            ..LimitSettings::defaults()
        }
    }

    fn headers(xff: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in xff {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    #[test]
    fn ranges_match_their_members() {
        let n = Net::parse("172.16.0.0/12").unwrap();
        assert!(n.contains("172.31.255.1".parse().unwrap()));
        assert!(!n.contains("172.32.0.1".parse().unwrap()));
        assert!(Net::parse("::1").unwrap().contains("::1".parse().unwrap()));
        assert!(
            Net::parse("127.0.0.0/8")
                .unwrap()
                .contains("::ffff:127.0.0.1".parse().unwrap())
        );
        assert!(
            Net::parse("0.0.0.0/0")
                .unwrap()
                .contains("8.8.8.8".parse().unwrap())
        );
        assert!(Net::parse("10.0.0.0/33").is_err());
        assert!(Net::parse("ten").is_err());
    }

    #[test]
    fn the_header_counts_only_behind_a_trusted_proxy() {
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        let public: IpAddr = "198.51.100.7".parse().unwrap();
        let h = headers(&["6.6.6.6, 203.0.113.5"]);
        // Not configured: the peer, whatever the header says.
        assert_eq!(client_ip(&settings(None), local, &h), local);
        let s = settings(Some("x-forwarded-for"));
        // Right-most untrusted hop: the client's own "6.6.6.6" is ignored.
        assert_eq!(
            client_ip(&s, local, &h),
            "203.0.113.5".parse::<IpAddr>().unwrap()
        );
        // A peer that is no proxy of ours cannot choose its address.
        assert_eq!(client_ip(&s, public, &h), public);
        // Trusted hops are skipped, across several header lines; ports are dropped.
        let h = headers(&["203.0.113.9:4711", "10.0.0.2, 10.0.0.3"]);
        assert_eq!(
            client_ip(&s, local, &h),
            "203.0.113.9".parse::<IpAddr>().unwrap()
        );
        // Only proxies, or garbage behind them: the nearest trusted hop.
        let h = headers(&["garbage, 10.0.0.2"]);
        assert_eq!(
            client_ip(&s, local, &h),
            "10.0.0.2".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client_ip(&s, local, &HeaderMap::new()), local);
    }

    #[test]
    fn ipv6_clients_count_by_their_64() {
        let a = limit_key("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = limit_key("2001:db8:1:2:bbbb::9".parse().unwrap());
        let c = limit_key("2001:db8:1:3::1".parse().unwrap());
        assert_eq!(a, b);
        assert_ne!(a, c);
        let v4: IpAddr = "203.0.113.1".parse().unwrap();
        assert_eq!(limit_key(v4), v4);
    }
}
