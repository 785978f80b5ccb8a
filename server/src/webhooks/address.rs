//! Which addresses a callback may never reach (server-side request forgery): a callback URL is
//! given by whoever holds a key, and the server calls it from inside its own network, where the
//! database, the engines and the cloud's metadata service answer.
//!
//! Refused (decided here; docs/api.md#where-a-callback-may-go lists them): unspecified, loopback,
//! private (RFC 1918, IPv6 unique local), link-local (169.254.0.0/16 holds the cloud metadata
//! addresses), shared carrier-grade NAT (100.64.0.0/10: Alibaba's metadata address), IETF protocol
//! assignments, benchmarking, multicast, reserved and broadcast; IPv6 site-local and Teredo; and
//! any IPv6 form that carries an IPv4 address (mapped, compatible, NAT64, 6to4) when that address
//! is refused. The operator may allow networks explicitly (`AIVG_WEBHOOK_ALLOW_NETWORKS`).

use crate::config::webhooks::WebhookSettings;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why `ip` may not be called under `settings`, or `None` when it may.
pub fn refused(ip: IpAddr, settings: &WebhookSettings) -> Option<&'static str> {
    if settings.allows(ip) {
        return None;
    }
    match ip {
        IpAddr::V4(v4) => refused_v4(v4),
        IpAddr::V6(v6) => refused_v6(v6),
    }
}

fn refused_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, c, _] = ip.octets();
    if a == 0 {
        Some("an unspecified address")
    } else if ip.is_loopback() {
        Some("a loopback address")
    } else if ip.is_private() {
        Some("a private address")
    } else if ip.is_link_local() {
        Some("a link-local address")
    } else if a == 100 && (64..128).contains(&b) {
        Some("a shared (carrier-grade NAT) address")
    } else if a == 192 && b == 0 && c == 0 {
        Some("an IETF protocol address")
    } else if a == 198 && (b == 18 || b == 19) {
        Some("a benchmarking address")
    } else if ip.is_multicast() {
        Some("a multicast address")
    } else if a >= 240 {
        Some("a reserved or broadcast address")
    } else {
        None
    }
}

fn refused_v6(ip: Ipv6Addr) -> Option<&'static str> {
    let [s0, s1, s2, s3, s4, s5, s6, s7] = ip.segments();
    let zeros = [s2, s3, s4, s5] == [0; 4];
    let embedded = |hi: u16, lo: u16| {
        let [a, b] = hi.to_be_bytes();
        let [c, d] = lo.to_be_bytes();
        refused_v4(Ipv4Addr::new(a, b, c, d))
    };
    if let Some(v4) = ip.to_ipv4_mapped() {
        return refused_v4(v4);
    }
    if ip.is_unspecified() {
        Some("an unspecified address")
    } else if ip.is_loopback() {
        Some("a loopback address")
    } else if ip.is_multicast() {
        Some("a multicast address")
    } else if s0 & 0xffc0 == 0xfe80 {
        Some("a link-local address")
    } else if s0 & 0xffc0 == 0xfec0 {
        Some("a site-local address")
    } else if s0 & 0xfe00 == 0xfc00 {
        Some("a private (unique local) address")
    } else if s0 == 0x2001 && s1 == 0 {
        Some("a Teredo address")
    } else if [s0, s1] == [0, 0] && zeros {
        // IPv4-compatible (::a.b.c.d, deprecated): the IPv4 address decides.
        embedded(s6, s7)
    } else if [s0, s1] == [0x64, 0xff9b] && zeros {
        embedded(s6, s7)
    } else if s0 == 0x2002 {
        embedded(s1, s2)
    } else {
        None
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::config::webhooks::Network;

    fn no(ip: &str) -> Option<&'static str> {
        refused(ip.parse().unwrap(), &WebhookSettings::default())
    }

    #[test]
    fn inner_addresses_are_refused_and_public_ones_allowed() {
        for ip in [
            "0.0.0.0",
            "127.0.0.1",
            "127.8.9.1",
            "10.0.0.1",
            "172.16.4.4",
            "192.168.1.1",
            "169.254.169.254",
            "100.100.100.200",
            "192.0.0.10",
            "198.18.0.1",
            "224.0.0.1",
            "255.255.255.255",
            "::",
            "::1",
            "fe80::1",
            "fc00::1",
            "fd00:ec2::254",
            "fec0::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "2002:7f00:0001::1",
            "2001:0:4136:e378::1",
        ] {
            assert!(no(ip).is_some(), "{ip} must be refused");
        }
        for ip in [
            "93.184.215.14",
            "8.8.8.8",
            "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
        ] {
            assert_eq!(no(ip), None, "{ip} is public");
        }
    }

    #[test]
    fn the_operator_may_allow_a_network() {
        let s = WebhookSettings {
            allow_http: false,
            allow_networks: vec![Network::parse("127.0.0.0/8").unwrap()],
        };
        assert_eq!(refused("127.0.0.1".parse().unwrap(), &s), None);
        assert!(refused("::1".parse().unwrap(), &s).is_some());
        assert!(refused("10.0.0.1".parse().unwrap(), &s).is_some());
    }
}
