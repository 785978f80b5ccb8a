//! JavaScript exports of aivg_core::imaging (filled by its issue).
