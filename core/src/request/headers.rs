//! Request headers, application constants and the client serial
//! (docs/behaviour/calls-and-errors.md#request-rules).
//!
//! The spec lists what the headers carry but not their names; the names chosen here are the
//! `HEADER_*` constants below, and the server reads the same constants.

use super::error::RequestError;
use serde::{Deserialize, Serialize};

/// Application source id (docs/behaviour/calls-and-errors.md#request-rules: "AppSource 38").
pub const APP_SOURCE: u32 = 38;
/// Application id (docs/behaviour/calls-and-errors.md#request-rules: "AppId 5903").
pub const APP_ID: u32 = 5903;
/// Application name (docs/behaviour/calls-and-errors.md#request-rules).
pub const APP_NAME: &str = "ai-video-generator";
/// Brand code (docs/behaviour/calls-and-errors.md#request-rules).
pub const BRAND_CODE: &str = "mi_ai";

/// Client type sent by phones (docs/behaviour/calls-and-errors.md#request-rules: "8 mobile").
pub const CLIENT_TYPE_MOBILE: u8 = 8;
/// Client type sent by desktops (docs/behaviour/calls-and-errors.md#request-rules: "7 desktop").
pub const CLIENT_TYPE_DESKTOP: u8 = 7;

/// JSON content type (docs/behaviour/calls-and-errors.md#request-rules).
pub const JSON_MEDIA_TYPE: &str = "application/json";
/// Header: request body type.
pub const HEADER_CONTENT_TYPE: &str = "Content-Type";
/// Header: accepted answer type.
pub const HEADER_ACCEPT: &str = "Accept";
/// Header (name decided here): the source application name.
pub const HEADER_APP_NAME: &str = "X-App-Name";
/// Header (name decided here): the product version of the front end.
pub const HEADER_PRODUCT_VERSION: &str = "X-Product-Version";
/// Header (name decided here): the client serial kept in a 14-day cookie.
pub const HEADER_CLIENT_SERIAL: &str = "X-Client-Sn";
/// Header (name decided here): client type, 8 mobile or 7 desktop.
pub const HEADER_CLIENT_TYPE: &str = "X-Client-Type";
/// Header (name decided here): the interface language code (en, de, ... as in
/// docs/behaviour/calls-and-errors.md#request-rules).
pub const HEADER_LANGUAGE: &str = "X-Lang";
/// Header: `Bearer <token>` when signed in.
pub const HEADER_AUTHORIZATION: &str = "Authorization";

/// Lifetime of the client-serial cookie in days
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions: "client id 14 days").
pub const CLIENT_SERIAL_COOKIE_DAYS: u32 = 14;

/// Random bytes a client serial is made from (a 128-bit UUID).
pub const CLIENT_SERIAL_RANDOM_BYTES: usize = 16;

/// The application constants, as one object for the JavaScript side and the server.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppSettings {
    /// [`APP_SOURCE`].
    pub app_source: u32,
    /// [`APP_ID`].
    pub app_id: u32,
    /// [`APP_NAME`].
    pub app_name: String,
    /// [`BRAND_CODE`].
    pub brand_code: String,
}

/// The application constants of docs/behaviour/calls-and-errors.md#request-rules /
/// docs/behaviour/calls-and-errors.md#request-rules.
pub fn app_settings() -> AppSettings {
    AppSettings {
        app_source: APP_SOURCE,
        app_id: APP_ID,
        app_name: APP_NAME.to_string(),
        brand_code: BRAND_CODE.to_string(),
    }
}

/// What the headers of a call are made from (docs/behaviour/calls-and-errors.md#request-rules).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HeaderInput {
    /// Source app name; empty means [`APP_NAME`].
    #[serde(default)]
    pub app_name: String,
    /// Front-end product version.
    #[serde(default)]
    pub product_version: String,
    /// Client serial from the cookie (see [`generate_client_serial`]).
    #[serde(default)]
    pub client_serial: String,
    /// Phone layout: client type 8, else 7.
    #[serde(default)]
    pub is_mobile: bool,
    /// Interface language code.
    #[serde(default)]
    pub language: String,
    /// Session token, when signed in.
    #[serde(default)]
    pub token: Option<String>,
}

fn checked(name: &str, value: &str) -> Result<(String, String), RequestError> {
    if value.chars().any(|c| !(' '..='~').contains(&c)) {
        return Err(RequestError::InvalidHeaderValue {
            name: name.to_string(),
        });
    }
    Ok((name.to_string(), value.to_string()))
}

/// The headers of every call, in this order (docs/behaviour/calls-and-errors.md#request-rules):
/// `Content-Type` and `Accept` (JSON), [`HEADER_APP_NAME`], [`HEADER_PRODUCT_VERSION`],
/// [`HEADER_CLIENT_SERIAL`], [`HEADER_CLIENT_TYPE`], [`HEADER_LANGUAGE`], then `Authorization:
/// Bearer <token>`.
///
/// Decided: values are trimmed; an empty app name becomes [`APP_NAME`]; an empty product
/// version, serial, language or token leaves its header out (a guest has no token); a token
/// already starting with `Bearer ` is not prefixed twice. A value with control or non-ASCII
/// characters is refused (`invalid_header_value`) instead of being sent, which guards against
/// header injection and against `fetch` throwing.
pub fn request_headers(input: &HeaderInput) -> Result<Vec<(String, String)>, RequestError> {
    let mut headers = vec![
        (HEADER_CONTENT_TYPE.to_string(), JSON_MEDIA_TYPE.to_string()),
        (HEADER_ACCEPT.to_string(), JSON_MEDIA_TYPE.to_string()),
    ];
    let app_name = match input.app_name.trim() {
        "" => APP_NAME,
        name => name,
    };
    headers.push(checked(HEADER_APP_NAME, app_name)?);
    for (name, value) in [
        (HEADER_PRODUCT_VERSION, &input.product_version),
        (HEADER_CLIENT_SERIAL, &input.client_serial),
    ] {
        if !value.trim().is_empty() {
            headers.push(checked(name, value.trim())?);
        }
    }
    let client_type = if input.is_mobile {
        CLIENT_TYPE_MOBILE
    } else {
        CLIENT_TYPE_DESKTOP
    };
    headers.push((HEADER_CLIENT_TYPE.to_string(), client_type.to_string()));
    if !input.language.trim().is_empty() {
        headers.push(checked(HEADER_LANGUAGE, input.language.trim())?);
    }
    if let Some(token) = input.token.as_deref().map(str::trim) {
        let bare = match token.get(..7) {
            Some(prefix) if prefix.eq_ignore_ascii_case("bearer ") => {
                token.get(7..).unwrap_or("").trim()
            }
            _ => token,
        };
        if !bare.is_empty() {
            headers.push(checked(HEADER_AUTHORIZATION, &format!("Bearer {bare}"))?);
        }
    }
    Ok(headers)
}

/// A new client serial (docs/behaviour/calls-and-errors.md#request-rules: "generated id stored in a
/// cookie, 14 days") made from the caller's random bytes (core has no random source): a lowercase
/// version-4 UUID such as `0f8e...-...-4...-8...-...`. Needs at least 16 bytes; only the first 16
/// are used.
pub fn generate_client_serial(random: &[u8]) -> Result<String, RequestError> {
    let bytes: [u8; CLIENT_SERIAL_RANDOM_BYTES] = random
        .get(..CLIENT_SERIAL_RANDOM_BYTES)
        .and_then(|b| b.try_into().ok())
        .ok_or(RequestError::NotEnoughRandomness {
            needed: CLIENT_SERIAL_RANDOM_BYTES,
            got: random.len(),
        })?;
    let mut out = String::with_capacity(36);
    for (i, byte) in bytes.iter().enumerate() {
        let byte = match i {
            6 => (byte & 0x0f) | 0x40,
            8 => (byte & 0x3f) | 0x80,
            _ => *byte,
        };
        if matches!(i, 4 | 6 | 8 | 10) {
            out.push('-');
        }
        out.push_str(&format!("{byte:02x}"));
    }
    Ok(out)
}

/// Whether a stored client serial can be reused: a UUID in canonical 8-4-4-4-12 hexadecimal
/// form (either case, any version, so serials from older clients stay valid). Anything else
/// (empty, tampered, truncated) should be replaced by a new one.
pub fn is_valid_client_serial(serial: &str) -> bool {
    serial.len() == 36
        && serial.bytes().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serial_is_a_v4_uuid() {
        let serial = generate_client_serial(&[0xff; 20]).unwrap();
        assert_eq!(serial, "ffffffff-ffff-4fff-bfff-ffffffffffff");
        assert!(is_valid_client_serial(&serial));
    }
}
