//! JavaScript exports of aivg_core::progress (filled by its issue).
