//! Object storage settings (`AIVG_S3_*`, `AIVG_FFPROBE`), plain data the configuration defines
//! so it imports no area (the object store is `uploads/storage.rs`).

/// Object storage settings (see `docs/configuration.md`, "Storage").
#[derive(Debug, Clone, Default)]
pub struct UploadSettings {
    /// `AIVG_S3_BUCKET`: store in this bucket instead of `{data}/objects`.
    pub s3_bucket: Option<String>,
    /// `AIVG_S3_ENDPOINT`: an S3-compatible endpoint (MinIO, R2, …); plain http allowed.
    pub s3_endpoint: Option<String>,
    /// `AIVG_S3_REGION`.
    pub s3_region: Option<String>,
    /// `AIVG_S3_ACCESS_KEY_ID` and `AIVG_S3_SECRET_ACCESS_KEY`: the bucket's key when it is not
    /// the one `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY` (or the instance's role) give.
    pub s3_access_key_id: Option<String>,
    pub s3_secret_access_key: Option<String>,
    /// `AIVG_FFPROBE`: the ffprobe program (default `ffprobe`).
    pub ffprobe: Option<String>,
}

impl UploadSettings {
    /// Reads the `AIVG_S3_*` and `AIVG_FFPROBE` variables through `var`.
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Self {
        Self {
            s3_bucket: var("AIVG_S3_BUCKET"),
            s3_endpoint: var("AIVG_S3_ENDPOINT"),
            s3_region: var("AIVG_S3_REGION"),
            s3_access_key_id: var("AIVG_S3_ACCESS_KEY_ID"),
            s3_secret_access_key: var("AIVG_S3_SECRET_ACCESS_KEY"),
            ffprobe: var("AIVG_FFPROBE"),
        }
    }
}
