//! JavaScript exports of aivg_core::payload (decodePayload: in progress, next session).
