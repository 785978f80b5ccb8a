//! JavaScript exports of aivg_core::ui (filled by its issue).
