//! The error of a configuration value, in its own module so the settings of the areas can name
//! it without importing the whole configuration.

/// A configuration value that cannot be used, named so the operator can fix it.
#[derive(Debug, thiserror::Error)]
#[error("{name}: {problem}")]
pub struct ConfigError {
    pub name: &'static str,
    pub problem: String,
}
