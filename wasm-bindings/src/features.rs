//! JavaScript exports of the membership feature codes (aivg_core::session::features): what the
//! answer of `POST /v1/feature-code/auth` is read against
//! (docs/behaviour/accounts-and-sessions.md#roles-and-permissions "Feature auth").

use aivg_core::session;
use wasm_bindgen::prelude::*;

use crate::convert::from_js;

/// The code of watermark-free downloads.
/// ```js
/// hasFeature(answer.feature_auth, watermarkFreeFeature())
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = watermarkFreeFeature)]
pub fn watermark_free_feature() -> String {
    session::FEATURE_WATERMARK_FREE.to_owned()
}

/// Whether a `feature_auth` list (strings) grants a feature code; anything else reads as none.
/// ```js
/// hasFeature(["watermark_free"], "watermark_free") // true
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = hasFeature)]
pub fn has_feature(
    #[wasm_bindgen(unchecked_param_type = "unknown")] feature_auth: JsValue,
    code: &str,
) -> bool {
    from_js::<Vec<String>>("featureAuth", feature_auth)
        .is_ok_and(|list| session::has_feature(&list, code))
}
