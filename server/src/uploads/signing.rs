//! Signed, expiring URLs of the object store: HMAC-SHA256 over the action, the object path, the
//! expiry and the options, with a key derived from the token secret (so tokens and URLs never
//! share a key, and a new secret invalidates both).

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// What a signature allows: one action on one path until a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// `PUT /oss/upload/{path}`.
    Upload,
    /// `GET /oss/file/{path}`.
    Download,
}

impl Action {
    fn label(self) -> &'static str {
        match self {
            Self::Upload => "upload",
            Self::Download => "download",
        }
    }
}

/// The URL signer.
#[derive(Clone)]
pub struct Signer {
    key: Vec<u8>,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Signer(..)")
    }
}

fn mac(key: &[u8]) -> HmacSha256 {
    // HMAC takes keys of any length; the error branch cannot happen but must not panic.
    HmacSha256::new_from_slice(key)
        .unwrap_or_else(|_| <HmacSha256 as hmac::digest::KeyInit>::new(&Default::default()))
}

impl Signer {
    /// Derives the signing key: HMAC-SHA256(token secret, "aivg object URL signing v1").
    pub fn new(secret: &[u8]) -> Self {
        let mut m = mac(secret);
        m.update(b"aivg object URL signing v1");
        Self {
            key: m.finalize().into_bytes().to_vec(),
        }
    }

    fn message(action: Action, path: &str, expires: i64, extra: &str) -> String {
        format!("{}\n{path}\n{expires}\n{extra}", action.label())
    }

    /// The signature (lowercase hex) of `action` on `path` until `expires` (epoch s) with `extra`
    /// options (e.g. the download disposition).
    pub fn sign(&self, action: Action, path: &str, expires: i64, extra: &str) -> String {
        let mut m = mac(&self.key);
        m.update(Self::message(action, path, expires, extra).as_bytes());
        hex(&m.finalize().into_bytes())
    }

    /// Checks a signature in constant time.
    pub fn verify(&self, action: Action, path: &str, expires: i64, extra: &str, sig: &str) -> bool {
        let Some(bytes) = unhex(sig) else {
            return false;
        };
        let mut m = mac(&self.key);
        m.update(Self::message(action, path, expires, extra).as_bytes());
        m.verify_slice(&bytes).is_ok()
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| s.get(i..i + 2).and_then(|p| u8::from_str_radix(p, 16).ok()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_bind_action_path_expiry_and_options() {
        let s = Signer::new(b"secret-secret-secret-secret-secret");
        let sig = s.sign(Action::Download, "users/a/x.png", 100, "inline");
        assert!(s.verify(Action::Download, "users/a/x.png", 100, "inline", &sig));
        assert!(!s.verify(Action::Upload, "users/a/x.png", 100, "inline", &sig));
        assert!(!s.verify(Action::Download, "users/b/x.png", 100, "inline", &sig));
        assert!(!s.verify(Action::Download, "users/a/x.png", 101, "inline", &sig));
        assert!(!s.verify(Action::Download, "users/a/x.png", 100, "attachment", &sig));
        assert!(!s.verify(Action::Download, "users/a/x.png", 100, "inline", "zz"));
        let other = Signer::new(b"another-secret-another-secret-123");
        assert!(!other.verify(Action::Download, "users/a/x.png", 100, "inline", &sig));
    }
}
