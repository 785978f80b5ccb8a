//! JavaScript exports of aivg_core::credits (filled by its issue).
