//! JavaScript exports of aivg_core::payload (filled by its issue).
