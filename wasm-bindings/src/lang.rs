//! JavaScript exports of aivg_core::lang (filled by its issue).
