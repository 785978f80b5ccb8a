//! Pixel work on RGBA8 buffers: downscale (Lanczos3, premultiplied alpha), crop, decode and encode (spec 01 §5).
