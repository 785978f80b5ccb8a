//! Named time zones for core's ad rules, read from the JavaScript platform's `Intl`
//! (`js/zone.mjs`): browsers and Node carry the IANA database, so the package leaves out
//! chrono-tz's copy (about 860 KB of tables). Names follow chrono-tz's rules: case-sensitive,
//! surrounding spaces ignored, offsets like "+09:00" refused.

use aivg_core::ads::{self, ZoneRules};
use wasm_bindgen::prelude::*;

use crate::error::to_js;

#[wasm_bindgen(module = "/js/zone.mjs")]
extern "C" {
    #[wasm_bindgen(js_name = zoneFormat)]
    fn zone_format(name: &str) -> JsValue;
    #[wasm_bindgen(js_name = zoneOffsetSeconds)]
    fn zone_offset_seconds(format: &JsValue, ms: f64) -> f64;
}

/// One zone's rules, as an `Intl.DateTimeFormat` for it.
pub(crate) struct IntlZone(JsValue);

impl ZoneRules for IntlZone {
    fn offset_seconds(&self, utc_ms: i64) -> Option<i32> {
        // Whole milliseconds within chrono's calendar (checked by core): exact as doubles.
        let seconds = zone_offset_seconds(&self.0, utc_ms as f64);
        // Real offsets stay within ±26 h.
        (seconds.is_finite() && seconds.abs() <= 100_000.0).then_some(seconds as i32)
    }
}

/// The zone `name`, or core's `unknown_time_zone` error.
pub(crate) fn named(name: &str) -> Result<IntlZone, JsValue> {
    let format = zone_format(name);
    if format.is_null() || format.is_undefined() {
        return Err(to_js(ads::unknown_zone(name)));
    }
    Ok(IntlZone(format))
}
