//! JavaScript exports of aivg_core::analytics: the event queue's cap and the web vitals'
//! thresholds (docs/behaviour/ads-and-experiments.md#analytics).

use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js_value};

/// The analytics numbers: queue cap and the web vitals' good thresholds
/// (docs/behaviour/ads-and-experiments.md#analytics).
#[derive(Debug, Serialize, Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct AnalyticsConstants {
    queue_max_events: u32,
    fcp_good_ms: f64,
    lcp_good_ms: f64,
}

/// The analytics numbers of docs/behaviour/ads-and-experiments.md#analytics.
/// ```js
/// analyticsConstants().queueMaxEvents // 1000
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = analyticsConstants, unchecked_return_type = "AnalyticsConstants")]
pub fn analytics_constants() -> Result<JsValue, JsValue> {
    to_js_value(&AnalyticsConstants {
        queue_max_events: aivg_core::analytics::ANALYTICS_QUEUE_MAX_EVENTS,
        fcp_good_ms: aivg_core::analytics::FCP_GOOD_MS,
        lcp_good_ms: aivg_core::analytics::LCP_GOOD_MS,
    })
}

/// The rating of a measured web vital: "good" strictly under 1800 ms (FCP) or 2500 ms (LCP).
/// ```js
/// webVitalRating("LCP", 1200) // "good"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = webVitalRating, unchecked_return_type = "VitalRating")]
pub fn web_vital_rating(
    #[wasm_bindgen(unchecked_param_type = "WebVital")] metric: JsValue,
    #[wasm_bindgen(js_name = valueMs)] value_ms: f64,
) -> Result<JsValue, JsValue> {
    let metric: aivg_core::analytics::WebVital = from_js("metric", metric)?;
    to_js_value(&aivg_core::analytics::web_vital_rating(metric, value_ms))
}
