//! The account menu's links the operator sets (`AIVG_TERMS_URL`, …; docs/configuration.md
//! "Site links"), plain data the configuration defines so it imports no area (they are answered
//! by `site/links.rs`).

/// What the operator set; unset entries take this server's own pages.
#[derive(Debug, Clone, Default)]
pub struct LinkSettings {
    /// `AIVG_TERMS_URL`.
    pub terms: Option<String>,
    /// `AIVG_PRIVACY_URL`.
    pub privacy: Option<String>,
    /// `AIVG_DISCORD_URL`: no Discord entry without it.
    pub discord: Option<String>,
    /// `AIVG_ACCOUNT_CENTER_URL`.
    pub account_center: Option<String>,
    /// `AIVG_OPERATOR_NAME`: who runs the site, named on the terms and privacy pages.
    pub operator: Option<String>,
}

impl LinkSettings {
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Self {
        Self {
            terms: var("AIVG_TERMS_URL"),
            privacy: var("AIVG_PRIVACY_URL"),
            discord: var("AIVG_DISCORD_URL"),
            account_center: var("AIVG_ACCOUNT_CENTER_URL"),
            operator: var("AIVG_OPERATOR_NAME"),
        }
    }
}
