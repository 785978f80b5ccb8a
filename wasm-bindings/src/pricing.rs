//! JavaScript exports of aivg_core::pricing (filled by its issue).
