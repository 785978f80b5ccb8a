//! Configuration from the environment, with zero-configuration defaults so a fresh clone runs as is.
//!
//! Every variable, with its default and meaning, is in `docs/configuration.md`
//! (`tests/configuration_doc.rs` fails when a variable read here, or in an area's settings, is
//! missing from that page).

pub mod error;
pub mod housekeeping;
pub mod links;
pub mod number;
pub mod stripe;
pub mod uploads;
pub mod webhooks;

pub use error::ConfigError;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Everything the server reads from its environment.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: String,
    pub static_dir: Option<PathBuf>,
    pub jwt_secret: Option<String>,
    pub public_url: Option<String>,
    pub country_header: String,
    pub default_country: String,
    pub uploads: uploads::UploadSettings,
    pub tasks: crate::tasks::settings::TaskSettings,
    /// The local ONNX models (`models/settings.rs`).
    pub models: crate::models::settings::ModelSettings,
    /// Bearer token of `GET /v1/analytics/stats`; `None` disables the endpoint.
    pub stats_token: Option<String>,
    /// `AIVG_TEST_STORE=1`: the built-in test store (`/store/checkout`), which grants credits and
    /// plans without any payment, for demos and tests; off, its routes answer 404.
    pub test_store: bool,
    /// Stripe Checkout (`AIVG_STRIPE_*`); `None` without a secret key.
    pub stripe: Option<stripe::StripeSettings>,
    /// `AIVG_SQLITE_SYNC=full`: SQLite waits for the disk at every commit (see `db.rs` for why
    /// the default is `normal`).
    pub sqlite_full_sync: bool,
    /// Security headers (`security.rs`: `AIVG_CSP`, `AIVG_CSP_EXTRA`, and the public URL and
    /// object store endpoint they depend on).
    pub security: crate::security::SecuritySettings,
    /// The account menu's links and the operator's name (`links.rs`, answered by `site/links.rs`:
    /// `AIVG_TERMS_URL`, `AIVG_PRIVACY_URL`, `AIVG_DISCORD_URL`, `AIVG_ACCOUNT_CENTER_URL`,
    /// `AIVG_OPERATOR_NAME`).
    pub links: links::LinkSettings,
    /// Rate limits and concurrency bounds (`limits/settings.rs`).
    pub limits: crate::limits::settings::LimitSettings,
    /// The periodic purge (`housekeeping.rs`).
    pub housekeeping: housekeeping::HousekeepingSettings,
    /// `AIVG_TOKEN_CACHE_MS`: how long a token check found valid is kept in memory
    /// (`accounts/auth/sessions.rs`; default 2,000 ms, `0` reads the `tokens` row on every call).
    pub token_cache: Duration,
    /// `AIVG_USER_CACHE_MS`: how long a user info is kept in memory
    /// (`user_infos.rs`; default 1,000 ms, `0` reads the database on every call).
    pub user_cache: Duration,
    /// Where completion webhooks may go (`webhooks.rs`: `AIVG_WEBHOOK_ALLOW_HTTP`,
    /// `AIVG_WEBHOOK_ALLOW_NETWORKS`).
    pub webhooks: webhooks::WebhookSettings,
}

impl Config {
    /// Reads the environment; unset variables take the defaults `docs/configuration.md` lists.
    pub fn from_env() -> Result<Self, ConfigError> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let addr = var("AIVG_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into());
        let addr = addr.parse().map_err(|e| ConfigError {
            name: "AIVG_ADDR",
            problem: format!("{addr:?} is not a socket address like 127.0.0.1:8080 ({e})"),
        })?;
        let data_dir = PathBuf::from(var("AIVG_DATA_DIR").unwrap_or_else(|| "data".into()));
        let database_url = var("DATABASE_URL").unwrap_or_else(|| sqlite_url(&data_dir));
        let static_dir = Some(PathBuf::from(
            var("AIVG_STATIC_DIR").unwrap_or_else(|| "app/dist".into()),
        ));
        Ok(Self {
            addr,
            data_dir,
            database_url,
            static_dir,
            jwt_secret: var("AIVG_JWT_SECRET"),
            public_url: public_url(var("AIVG_PUBLIC_URL"), addr)?,
            country_header: var("AIVG_COUNTRY_HEADER")
                .unwrap_or_else(|| "x-country".into())
                .to_ascii_lowercase(),
            default_country: var("AIVG_DEFAULT_COUNTRY")
                .unwrap_or_else(|| "US".into())
                .to_ascii_uppercase(),
            uploads: uploads::UploadSettings::from_env(&var),
            tasks: crate::tasks::settings::TaskSettings::from_env(&var)?,
            models: crate::models::settings::ModelSettings::from_env(&var)?,
            stats_token: var("AIVG_STATS_TOKEN"),
            test_store: var("AIVG_TEST_STORE").is_some_and(|v| v == "1" || v == "true"),
            stripe: stripe::StripeSettings::from_env(&var),
            sqlite_full_sync: match var("AIVG_SQLITE_SYNC").as_deref() {
                None | Some("normal") => false,
                Some("full") => true,
                Some(other) => {
                    return Err(ConfigError {
                        name: "AIVG_SQLITE_SYNC",
                        problem: format!("{other:?} is neither \"normal\" nor \"full\""),
                    });
                }
            },
            security: crate::security::SecuritySettings::from_env(&var),
            links: links::LinkSettings::from_env(&var),
            limits: crate::limits::settings::LimitSettings::from_env(&var)?,
            housekeeping: housekeeping::HousekeepingSettings::from_env(&var)?,
            token_cache: millis(
                "AIVG_TOKEN_CACHE_MS",
                var("AIVG_TOKEN_CACHE_MS"),
                DEFAULT_TOKEN_CACHE,
            )?,
            user_cache: millis(
                "AIVG_USER_CACHE_MS",
                var("AIVG_USER_CACHE_MS"),
                DEFAULT_USER_CACHE,
            )?,
            webhooks: webhooks::WebhookSettings::from_env(&var)?,
        })
    }

    /// A configuration for tests: everything under `data_dir`, an ephemeral port, no SPA.
    pub fn for_tests(data_dir: PathBuf) -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: std::env::var("DATABASE_URL").unwrap_or_else(|_| sqlite_url(&data_dir)),
            data_dir,
            static_dir: None,
            jwt_secret: None,
            public_url: None,
            country_header: "x-country".into(),
            default_country: "US".into(),
            uploads: uploads::UploadSettings::default(),
            tasks: crate::tasks::settings::TaskSettings::for_tests(),
            // The models `scripts/setup.sh` installed, when it did (tests skip what is absent).
            models: crate::models::settings::ModelSettings::default(),
            stats_token: None,
            test_store: true,
            stripe: None,
            sqlite_full_sync: false,
            security: crate::security::SecuritySettings::default(),
            links: links::LinkSettings::default(),
            limits: crate::limits::settings::LimitSettings::for_tests(),
            housekeeping: housekeeping::HousekeepingSettings::for_tests(),
            token_cache: DEFAULT_TOKEN_CACHE,
            // Off: tests write the ledger and plans with SQL behind the server's back and read
            // the user info at once, before the notification could arrive. The cache's own
            // tests (tests/user_info_cache.rs) and the load bench turn it on.
            user_cache: Duration::ZERO,
            // As on a public site: a test that calls a receiver on loopback allows it.
            webhooks: webhooks::WebhookSettings::default(),
        }
    }
}

/// `AIVG_PUBLIC_URL`: an http(s) origin. Without it links name the listen address, which only
/// works where users browse from the same machine: so it is required off loopback (a link built
/// from a request's Host header could be pointed anywhere by whoever sends the request).
fn public_url(value: Option<String>, addr: SocketAddr) -> Result<Option<String>, ConfigError> {
    let problem = |p: String| ConfigError {
        name: "AIVG_PUBLIC_URL",
        problem: p,
    };
    match value {
        None if addr.ip().is_loopback() => Ok(None),
        None => Err(problem(format!(
            "required when the server listens on {addr} (not loopback): the address users reach, like https://video.example.com"
        ))),
        Some(v) => {
            let url = v.trim().trim_end_matches('/');
            let rest = url
                .strip_prefix("https://")
                .or_else(|| url.strip_prefix("http://"))
                .ok_or_else(|| problem(format!("{v:?} must start with https:// or http://")))?;
            if rest.is_empty() || rest.contains(['/', '?', '#', ' ']) {
                return Err(problem(format!(
                    "{v:?} must be an origin only, like https://video.example.com (no path)"
                )));
            }
            Ok(Some(url.to_owned()))
        }
    }
}

fn sqlite_url(data_dir: &std::path::Path) -> String {
    format!("sqlite://{}/aivg.db?mode=rwc", data_dir.display())
}

/// How long a valid token check is kept by default (`auth/sessions.rs` says what it bounds).
pub const DEFAULT_TOKEN_CACHE: Duration = Duration::from_millis(2_000);

/// How long a user info is kept by default on PostgreSQL (`user_infos.rs` says what it bounds).
pub const DEFAULT_USER_CACHE: Duration = Duration::from_millis(1_000);

/// `AIVG_TOKEN_CACHE_MS`, `AIVG_USER_CACHE_MS`: whole milliseconds, at most a minute (a logout or
/// a write on another server process takes effect within it).
fn millis(
    name: &'static str,
    value: Option<String>,
    default: Duration,
) -> Result<Duration, ConfigError> {
    let default_ms = u64::try_from(default.as_millis()).unwrap_or(u64::MAX);
    let ms = number::number_in(
        name,
        value,
        default_ms,
        0..=60_000,
        "a whole number of milliseconds",
    )?;
    Ok(Duration::from_millis(ms))
}

#[cfg(test)]
mod tests {
    use super::{DEFAULT_TOKEN_CACHE, millis, public_url};
    use std::net::SocketAddr;
    use std::time::Duration;

    fn addr(s: &str) -> SocketAddr {
        s.parse()
            .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 1)))
    }

    #[test]
    fn the_public_url_is_required_off_loopback_and_must_be_an_origin() {
        assert_eq!(public_url(None, addr("127.0.0.1:8080")).ok(), Some(None));
        assert_eq!(public_url(None, addr("[::1]:8080")).ok(), Some(None));
        let err = public_url(None, addr("0.0.0.0:8080"))
            .err()
            .map(|e| e.problem);
        assert!(err.is_some_and(|p| p.contains("required")));
        let ok = public_url(
            Some("https://video.example.com/".into()),
            addr("0.0.0.0:80"),
        );
        assert_eq!(ok.ok(), Some(Some("https://video.example.com".into())));
        for bad in [
            "video.example.com",
            "ftp://x",
            "https://",
            "https://x/app",
            "https://x?y",
        ] {
            assert!(
                public_url(Some(bad.into()), addr("0.0.0.0:80")).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_cache_lifetimes_are_milliseconds_up_to_a_minute() {
        let token_cache = |v: Option<String>| millis("AIVG_TOKEN_CACHE_MS", v, DEFAULT_TOKEN_CACHE);
        assert_eq!(token_cache(None).ok(), Some(DEFAULT_TOKEN_CACHE));
        assert_eq!(token_cache(Some("0".into())).ok(), Some(Duration::ZERO));
        assert_eq!(
            token_cache(Some(" 500 ".into())).ok(),
            Some(Duration::from_millis(500))
        );
        for bad in ["-1", "60001", "2s", ""] {
            let err = token_cache(Some(bad.into())).err().map(|e| e.to_string());
            assert!(
                err.as_deref()
                    .is_some_and(|e| e.contains("AIVG_TOKEN_CACHE_MS")),
                "{bad}: {err:?}"
            );
        }
    }
}
