//! JavaScript exports of aivg_core::ads (filled by its issue).
