//! JavaScript exports of aivg_core::routes (filled by its issue).
