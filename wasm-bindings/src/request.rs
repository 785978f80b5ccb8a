//! JavaScript exports of aivg_core::request (filled by its issue).
