//! JavaScript exports of aivg_core::session (filled by its issue).
