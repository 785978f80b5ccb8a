//! The one convention shared by every error of core: a stable machine-readable code.
//!
//! Each area has its own `thiserror` enum whose `Display` is a message a user can act on;
//! it also implements [`Coded`] so the wasm bindings can put `code` on the JS `Error`
//! and the server can put it in its envelope, without either knowing the enum.

/// An error with a stable code (lower snake case, e.g. `"invalid_input"`), unique within its area.
pub trait Coded: std::error::Error {
    /// The stable code; never changes once published, unlike the message.
    fn code(&self) -> &'static str;
}
