//! JavaScript exports of aivg_core::crop (filled by its issue).
