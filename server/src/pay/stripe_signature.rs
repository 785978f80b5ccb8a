//! Stripe's webhook signature: the `Stripe-Signature` header holds `t=<unix seconds>` and one or
//! more `v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret>` (several while a
//! secret is being rolled); other schemes (`v0`) are ignored. A signature is good when one `v1`
//! matches (compared in constant time) and `t` is within 5 minutes of now, either way, so a
//! captured request cannot be replayed later.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Largest distance between the signature's time and now (Stripe's default tolerance).
pub const TOLERANCE_S: i64 = 300;

/// Why a webhook was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("Stripe-Signature: missing")]
    Missing,
    #[error("Stripe-Signature: needs t=<unix time> and at least one v1=<hex signature>")]
    Malformed,
    #[error("Stripe-Signature: the timestamp is more than 5 minutes from now")]
    OutOfTolerance,
    #[error("Stripe-Signature: no v1 signature matches this body")]
    Mismatch,
}

fn hex_decode(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    let digit = |b: u8| {
        char::from(b)
            .to_digit(16)
            .and_then(|d| u8::try_from(d).ok())
    };
    text.as_bytes()
        .chunks_exact(2)
        .map(|pair| match pair {
            [hi, lo] => Some(digit(*hi)? << 4 | digit(*lo)?),
            _ => None,
        })
        .collect()
}

/// The HMAC of a payload signed at `t` (what Stripe puts in `v1`), hex-encoded; tests sign with it.
pub fn sign(secret: &str, t: i64, payload: &[u8]) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else {
        return String::new();
    };
    mac.update(t.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    mac.finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Checks a `Stripe-Signature` header against the raw body at `now` (epoch seconds).
pub fn verify(
    secret: &str,
    header: Option<&str>,
    payload: &[u8],
    now: i64,
) -> Result<(), SignatureError> {
    let header = header
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .ok_or(SignatureError::Missing)?;
    let mut t = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", v)) => t = Some(v.parse::<i64>().map_err(|_| SignatureError::Malformed)?),
            Some(("v1", v)) => signatures.push(hex_decode(v).ok_or(SignatureError::Malformed)?),
            _ => {}
        }
    }
    let t = t.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if now.abs_diff(t) > TOLERANCE_S.unsigned_abs() {
        return Err(SignatureError::OutOfTolerance);
    }
    for signature in signatures {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
            .map_err(|_| SignatureError::Mismatch)?;
        mac.update(t.to_string().as_bytes());
        mac.update(b".");
        mac.update(payload);
        if mac.verify_slice(&signature).is_ok() {
            return Ok(());
        }
    }
    Err(SignatureError::Mismatch)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test";
    const BODY: &[u8] = br#"{"id":"evt_1"}"#;

    #[test]
    fn a_good_signature_passes_among_others() {
        let t = 1_700_000_000;
        let good = sign(SECRET, t, BODY);
        let header = format!("t={t},v1={},v1={good},v0=ignored", "ab".repeat(32));
        assert_eq!(verify(SECRET, Some(&header), BODY, t + 10), Ok(()));
        assert_eq!(verify(SECRET, Some(&header), BODY, t - 299), Ok(()));
    }

    #[test]
    fn bad_signatures_are_refused() {
        let t = 1_700_000_000;
        let good = sign(SECRET, t, BODY);
        let check = |h: &str, body: &[u8], now| verify(SECRET, Some(h), body, now);
        assert_eq!(verify(SECRET, None, BODY, t), Err(SignatureError::Missing));
        assert_eq!(
            check(&format!("v1={good}"), BODY, t),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            check(&format!("t={t}"), BODY, t),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            check(&format!("t={t},v1=xyz"), BODY, t),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            check(&format!("t={t},v1={good}"), BODY, t + 301),
            Err(SignatureError::OutOfTolerance)
        );
        assert_eq!(
            check(&format!("t={t},v1={good}"), b"{}", t),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify("whsec_other", Some(&format!("t={t},v1={good}")), BODY, t),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            check(&format!("t={},v1={good}", t + 1), BODY, t),
            Err(SignatureError::Mismatch),
            "the time is signed too"
        );
    }
}
