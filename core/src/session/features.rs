//! The membership feature codes of `POST /v1/feature-code/auth`
//! (docs/behaviour/accounts-and-sessions.md#roles-and-permissions "Feature access is decided by
//! server-side feature-code authorization"; the listed features: watermark-free output, ultra HD
//! videos and images, frame interpolation, unlimited effect). The spec names the features, not
//! their codes: these are ours, and the server's SKU catalogue (`server/seed/skus.json`) grants
//! them; a test there checks the two agree.

/// Downloads without a watermark.
pub const FEATURE_WATERMARK_FREE: &str = "watermark_free";

/// Every membership feature code, in docs/behaviour/accounts-and-sessions.md#roles-and-permissions
/// order.
pub const MEMBERSHIP_FEATURES: [&str; 4] = [
    FEATURE_WATERMARK_FREE,
    "ultra_hd",
    "frame_interpolation",
    "unlimited_effect",
];

/// Whether an answer's `feature_auth` list grants `code` (exact, codes are lower snake case).
pub fn has_feature<S: AsRef<str>>(feature_auth: &[S], code: &str) -> bool {
    feature_auth.iter().any(|f| f.as_ref() == code)
}
