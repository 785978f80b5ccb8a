//! Analytics rules shared by the app's event queue and the server's stats report
//! (docs/behaviour/ads-and-experiments.md#analytics).

use serde::{Deserialize, Serialize};

/// Most events the client queue holds; the oldest are dropped beyond it
/// (docs/behaviour/ads-and-experiments.md#analytics: 1000).
pub const ANALYTICS_QUEUE_MAX_EVENTS: u32 = 1000;
/// First contentful paint is "good" under this many ms
/// (docs/behaviour/ads-and-experiments.md#analytics: 1800).
pub const FCP_GOOD_MS: f64 = 1800.0;
/// Largest contentful paint is "good" under this many ms
/// (docs/behaviour/ads-and-experiments.md#analytics: 2500).
pub const LCP_GOOD_MS: f64 = 2500.0;

/// The web vitals the product records.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WebVital {
    /// First contentful paint.
    #[serde(rename = "FCP")]
    Fcp,
    /// Largest contentful paint.
    #[serde(rename = "LCP")]
    Lcp,
}

/// A measured vital's rating.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VitalRating {
    /// Under the "good" threshold.
    Good,
    /// At or over it (or not a finite, non-negative time).
    NeedsImprovement,
}

/// The rating of a measured vital: "good" strictly under its threshold
/// (docs/behaviour/ads-and-experiments.md#analytics). A value that is not a finite, non-negative
/// time is never good.
pub fn web_vital_rating(metric: WebVital, value_ms: f64) -> VitalRating {
    let limit = match metric {
        WebVital::Fcp => FCP_GOOD_MS,
        WebVital::Lcp => LCP_GOOD_MS,
    };
    if value_ms.is_finite() && value_ms >= 0.0 && value_ms < limit {
        VitalRating::Good
    } else {
        VitalRating::NeedsImprovement
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_are_strict() {
        assert_eq!(web_vital_rating(WebVital::Fcp, 1799.9), VitalRating::Good);
        assert_eq!(
            web_vital_rating(WebVital::Fcp, 1800.0),
            VitalRating::NeedsImprovement
        );
        assert_eq!(web_vital_rating(WebVital::Lcp, 2499.0), VitalRating::Good);
        assert_eq!(
            web_vital_rating(WebVital::Lcp, 2500.0),
            VitalRating::NeedsImprovement
        );
        assert_eq!(
            web_vital_rating(WebVital::Lcp, f64::NAN),
            VitalRating::NeedsImprovement
        );
        assert_eq!(
            web_vital_rating(WebVital::Fcp, -1.0),
            VitalRating::NeedsImprovement
        );
    }
}
