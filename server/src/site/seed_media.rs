//! Where the seeded pictures are served and the size they are drawn at (the seed data's media
//! links, read by the listing calls and by the drawing handler alike).

/// The URL of a drawn seed picture.
pub fn media_url(origin: &str, name: &str) -> String {
    format!("{origin}/static/seed/{name}.svg")
}

/// Thumbnail size of an aspect ratio: half of core's pixel size of the option (`9:16` → 288×512).
pub fn ratio_size(ratio: &str) -> (u32, u32) {
    aivg_core::crop::aspect_ratio_size(ratio).map_or((512, 512), |s| (s.width / 2, s.height / 2))
}

/// The FNV-1a hash of `text`: the colours of a drawn seed picture come from its name's.
pub fn fnv(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The public URL of a content file an operator uploaded (object key `content/…`, served by
/// `content_media`).
pub fn content_url(origin: &str, key: &str) -> String {
    format!("{origin}/static/{key}")
}
