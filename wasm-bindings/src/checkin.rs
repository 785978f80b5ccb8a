//! JavaScript exports of aivg_core::checkin (filled by its issue).
