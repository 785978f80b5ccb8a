//! Callback URLs: what is accepted when a task or a key names one, and the address a delivery
//! connects to (docs/api.md#where-a-callback-may-go).
//!
//! A URL is `https://` (`http://` only with `AIVG_WEBHOOK_ALLOW_HTTP`), has no user name or
//! password, and its host is an address [`super::address::refused`] lets through, or a name all
//! of whose addresses are. The check runs twice: when the URL is given (so a wrong one is a 400
//! naming the field) and at every delivery, where [`GuardedResolver`] resolves the name for the
//! HTTP client itself: the connection goes to an address that was just checked, so a name that
//! changes its answer between the check and the call (DNS rebinding) cannot reach a refused one.

use super::address;
use crate::config::webhooks::WebhookSettings;
use reqwest::Url;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use std::net::{IpAddr, SocketAddr};

/// Longest callback URL, in bytes.
pub const MAX_URL_BYTES: usize = 2000;

/// Checks a URL's form and, when its host is an address, that address (no name lookup):
/// answers the URL parsed.
pub fn parse(text: &str, settings: &WebhookSettings) -> Result<Url, String> {
    let text = text.trim();
    if text.is_empty() || text.len() > MAX_URL_BYTES {
        return Err(format!("give a URL of 1 to {MAX_URL_BYTES} characters"));
    }
    let url = Url::parse(text).map_err(|e| format!("not a URL ({e})"))?;
    match url.scheme() {
        "https" => {}
        "http" if settings.allow_http => {}
        "http" => return Err("must start with https://".to_owned()),
        other => return Err(format!("must be https://, not {other}:")),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err("must not carry a user name or password".to_owned());
    }
    match url.host() {
        Some(url::Host::Domain(_)) => {}
        Some(url::Host::Ipv4(ip)) => check_ip(IpAddr::V4(ip), settings)?,
        Some(url::Host::Ipv6(ip)) => check_ip(IpAddr::V6(ip), settings)?,
        None => return Err("must name a host".to_owned()),
    }
    Ok(url)
}

fn check_ip(ip: IpAddr, settings: &WebhookSettings) -> Result<(), String> {
    match address::refused(ip, settings) {
        Some(why) => Err(format!(
            "{ip} is {why}: callbacks go to public addresses only"
        )),
        None => Ok(()),
    }
}

/// The addresses of `host`, every one of them allowed; an error names the first refused one.
pub async fn resolve(host: &str, settings: &WebhookSettings) -> Result<Vec<SocketAddr>, String> {
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host, 0))
        .await
        .map_err(|e| format!("its host {host} could not be resolved ({e})"))?
        .collect();
    if addrs.is_empty() {
        return Err(format!("its host {host} has no address"));
    }
    for a in &addrs {
        if let Some(why) = address::refused(a.ip(), settings) {
            return Err(format!(
                "its host {host} resolves to {} ({why}): callbacks go to public addresses only",
                a.ip()
            ));
        }
    }
    Ok(addrs)
}

/// The whole check of a URL given by a user ([`parse`], then its name resolved): answers it in
/// its normal form.
pub async fn check(text: &str, settings: &WebhookSettings) -> Result<String, String> {
    let url = parse(text, settings)?;
    if let Some(url::Host::Domain(name)) = url.host() {
        resolve(name, settings).await?;
    }
    Ok(url.to_string())
}

/// The HTTP client's name resolver for deliveries: resolves with the system and refuses a name
/// with any refused address (addresses given literally never reach a resolver: [`parse`] checks
/// them before each delivery).
#[derive(Debug, Clone)]
pub struct GuardedResolver {
    pub settings: WebhookSettings,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let settings = self.settings.clone();
        Box::pin(async move {
            let addrs = resolve(name.as_str(), &settings).await?;
            let addrs: Addrs = Box::new(addrs.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::config::webhooks::Network;

    #[test]
    fn urls_are_https_public_and_without_credentials() {
        let s = WebhookSettings::default();
        assert!(parse("https://example.com/hook?a=1", &s).is_ok());
        assert!(parse("http://example.com/hook", &s).is_err());
        assert!(parse("ftp://example.com/", &s).is_err());
        assert!(parse("https://user:pw@example.com/", &s).is_err());
        assert!(parse("https://10.0.0.1/hook", &s).is_err());
        assert!(parse("https://[::1]/hook", &s).is_err());
        assert!(
            parse("https://0x7f000001/hook", &s).is_err(),
            "127.0.0.1 spelled in hex"
        );
        assert!(parse("not a url", &s).is_err());
        assert!(parse(&format!("https://e.com/{}", "a".repeat(2000)), &s).is_err());
        let tests = WebhookSettings {
            allow_http: true,
            allow_networks: vec![Network::parse("127.0.0.0/8").unwrap()],
        };
        assert!(parse("http://127.0.0.1:9/hook", &tests).is_ok());
    }

    #[tokio::test]
    async fn a_name_of_a_refused_address_is_refused() {
        let s = WebhookSettings::default();
        let e = check("https://localhost/hook", &s).await.unwrap_err();
        assert!(e.contains("loopback"), "{e}");
    }
}
