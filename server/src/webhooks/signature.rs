//! The Standard Webhooks signature (docs/api.md#verifying-a-webhook): a delivery carries
//! `webhook-id` (the message's id, the same at every attempt), `webhook-timestamp` (epoch seconds
//! of the attempt) and `webhook-signature: v1,<base64 of HMAC-SHA256 of "id.timestamp.body">`,
//! keyed by the secret's bytes. A secret is written `whsec_` and the base64 of its 32 random
//! bytes, the form the scheme's libraries read.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// What a written secret starts with.
pub const SECRET_PREFIX: &str = "whsec_";
/// Random bytes of a secret (the scheme asks for 24 to 64).
const SECRET_BYTES: usize = 32;
/// Random characters of a message id after `msg_`.
const MSG_ID_CHARS: usize = 24;

/// A new secret, written `whsec_…`.
pub fn new_secret() -> String {
    let bytes: [u8; SECRET_BYTES] = rand::random();
    format!("{SECRET_PREFIX}{}", STANDARD.encode(bytes))
}

/// A new message id (`webhook-id`).
pub fn new_msg_id() -> String {
    format!("msg_{}", crate::ids::random_token(MSG_ID_CHARS))
}

/// The `webhook-signature` value of a message; `None` when the secret is not of our form.
pub fn sign(secret: &str, msg_id: &str, timestamp: i64, body: &str) -> Option<String> {
    let key = STANDARD.decode(secret.strip_prefix(SECRET_PREFIX)?).ok()?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).ok()?;
    mac.update(format!("{msg_id}.{timestamp}.{body}").as_bytes());
    Some(format!(
        "v1,{}",
        STANDARD.encode(mac.finalize().into_bytes())
    ))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The example of the scheme's specification and reference libraries.
    #[test]
    fn signs_the_specifications_example() {
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = r#"{"test": 2432232314}"#;
        assert_eq!(
            sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body).unwrap(),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
        assert_eq!(sign("nope", "msg_1", 1, body), None);
    }

    #[test]
    fn secrets_and_ids_are_random() {
        let (a, b) = (new_secret(), new_secret());
        assert_ne!(a, b);
        assert_eq!(STANDARD.decode(&a[6..]).unwrap().len(), SECRET_BYTES);
        assert!(new_msg_id().starts_with("msg_"));
    }
}
