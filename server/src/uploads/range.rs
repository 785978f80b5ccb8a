//! The `Range` header of a download (RFC 9110 §14.2), read without the request, so the site's
//! audio previews and the object downloads answer ranges alike.

use axum::http::HeaderValue;

/// One `Range: bytes=…` request: `a-b`, `a-` or `-n`; anything else serves the whole file.
pub fn parse_range(
    header: Option<&HeaderValue>,
    size: u64,
) -> Option<Result<std::ops::Range<u64>, ()>> {
    let spec = header?.to_str().ok()?.trim().strip_prefix("bytes=")?;
    if spec.contains(',') {
        return None;
    }
    let (a, b) = spec.split_once('-')?;
    let (a, b) = (a.trim(), b.trim());
    let range = if a.is_empty() {
        let n: u64 = b.parse().ok()?;
        size.saturating_sub(n)..size
    } else {
        let start: u64 = a.parse().ok()?;
        let end = if b.is_empty() {
            size
        } else {
            b.parse::<u64>().ok()?.saturating_add(1).min(size)
        };
        start..end
    };
    Some(if range.start < range.end && range.start < size {
        Ok(range)
    } else {
        Err(())
    })
}
