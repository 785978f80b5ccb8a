//! The one decode limit: every picture the server decodes (the free checks, the prompt
//! description, a task's input pictures) is first measured from its header against
//! `AIVG_MAX_DECODE_PIXELS` (within core's imaging limits), so one account's huge pictures
//! cannot take the memory and time of everybody's calls.

use super::mediainfo;
use super::objects::StoredObject;
use super::storage::Files;
use crate::api::ApiError;

/// Checks the size `obj`'s header claims against `max_pixels`, before anything is decoded, and
/// answers it. `need_header`: a header that cannot be read is refused too (the calls that decode
/// at once); otherwise it passes (`None`) and is left to the run, which fails and refunds.
pub async fn check_picture(
    files: &Files,
    field: &str,
    obj: &StoredObject,
    max_pixels: u64,
    need_header: bool,
) -> Result<Option<(u32, u32)>, ApiError> {
    let info = mediainfo::probe(files, obj)
        .await
        .map_err(ApiError::internal)?;
    if info.width == 0 || info.height == 0 {
        return match need_header {
            true => Err(ApiError::invalid(
                field,
                "the picture's size could not be read from its header: use a JPEG, PNG or WebP file"
                    .to_owned(),
            )),
            false => Ok(None),
        };
    }
    aivg_core::imaging::check_image_size_within(info.width, info.height, max_pixels)
        .map_err(|e| ApiError::invalid(field, e.to_string()))?;
    Ok(Some((info.width, info.height)))
}
