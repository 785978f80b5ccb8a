//! The rules of the built-in account provider's e-mail and password (its pages and calls,
//! docs/behaviour/accounts-and-sessions.md#account-pages), and every refusal those pages can show,
//! each with a stable code the server sends as the answer's `kind` and the pages translate.
//!
//! Decisions (the spec shows no provider rules): a password has 8 to 128 characters with a letter
//! and a digit; an e-mail is trimmed, lower-cased, is an address by RFC 5322's syntax (the
//! `email_address` crate: no empty domain label as in `a@b..com`, no display name, no domain
//! literal), has a dot in the domain, no whitespace, no control, format or direction character
//! (a right-to-left override would reverse how the address and the name made from it read), and
//! at most 254 characters. The nickname of a new account is the address's local part
//! ([`nickname_of`]). The English messages are for people: a sentence that
//! says what to do, never a field name.

use crate::Coded;

/// Fewest characters of a password.
pub const PASSWORD_MIN_CHARS: usize = 8;
/// Most characters of a password.
pub const PASSWORD_MAX_CHARS: usize = 128;
/// Longest e-mail address (RFC 5321's path limit).
pub const EMAIL_MAX_CHARS: usize = 254;

/// Why the account provider refused a sign-up or a log-in. The `Display` text is the English the
/// server answers in `msg`; [`Coded::code`] is the `kind` the pages translate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    /// Not an e-mail address.
    #[error("Enter an e-mail address like name@example.com.")]
    EmailMalformed,
    /// No password at log-in.
    #[error("Enter your password.")]
    PasswordMissing,
    /// A new password under [`PASSWORD_MIN_CHARS`].
    #[error(
        "Choose a longer password: at least {} characters.",
        PASSWORD_MIN_CHARS
    )]
    PasswordTooShort,
    /// A new password over [`PASSWORD_MAX_CHARS`].
    #[error(
        "Choose a shorter password: at most {} characters.",
        PASSWORD_MAX_CHARS
    )]
    PasswordTooLong,
    /// A new password without a letter or without a digit.
    #[error("Choose a password with at least one letter and one digit.")]
    PasswordNeedsLetterAndDigit,
    /// Log-in with an unknown e-mail or a wrong password (one answer for both, so log-in does
    /// not tell who has an account).
    #[error(
        "The e-mail address or the password is not right. Check both, or sign up if you have no account yet."
    )]
    WrongCredentials,
    /// Sign-up with an e-mail that already has an account.
    #[error("This e-mail address already has an account. Log in instead.")]
    EmailTaken,
    /// Log-in to an account the site's operator disabled (docs/operations.md#the-operator-console).
    #[error("This account is disabled. Contact the site's support if you think this is a mistake.")]
    AccountDisabled,
    /// Too many sign-ups or log-ins from one network or for one account.
    #[error("Too many attempts. Please wait a moment and try again.")]
    TooManyAttempts,
}

impl Coded for AccountError {
    fn code(&self) -> &'static str {
        match self {
            Self::EmailMalformed => "email_malformed",
            Self::PasswordMissing => "password_missing",
            Self::PasswordTooShort => "password_too_short",
            Self::PasswordTooLong => "password_too_long",
            Self::PasswordNeedsLetterAndDigit => "password_needs_letter_and_digit",
            Self::WrongCredentials => "wrong_credentials",
            Self::EmailTaken => "email_taken",
            Self::TooManyAttempts => "too_many_attempts",
            Self::AccountDisabled => "account_disabled",
        }
    }
}

/// Every refusal, for the pages' translation tables (each code must have its text).
pub const ACCOUNT_ERRORS: [AccountError; 9] = [
    AccountError::EmailMalformed,
    AccountError::PasswordMissing,
    AccountError::PasswordTooShort,
    AccountError::PasswordTooLong,
    AccountError::PasswordNeedsLetterAndDigit,
    AccountError::WrongCredentials,
    AccountError::EmailTaken,
    AccountError::TooManyAttempts,
    AccountError::AccountDisabled,
];

/// The e-mail as stored: trimmed and lower-cased, when it is an address (see the module doc).
pub fn normalise_email(raw: &str) -> Result<String, AccountError> {
    let email = raw.trim().to_lowercase();
    let options = email_address::Options::default()
        .without_display_text()
        .without_domain_literal();
    let valid = email.chars().count() <= EMAIL_MAX_CHARS
        && !email.chars().any(|c| c.is_whitespace() || is_invisible(c))
        && email_address::EmailAddress::parse_with_options(&email, options).is_ok()
        && email.rsplit_once('@').is_some_and(|(_, domain)| {
            domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.')
        });
    if valid {
        Ok(email)
    } else {
        Err(AccountError::EmailMalformed)
    }
}

/// A control character, or one that changes how text around it is shown without being seen:
/// the direction marks, embeddings, overrides and isolates (U+061C, U+200E–U+200F,
/// U+202A–U+202E, U+2066–U+2069), the zero-width characters (U+200B–U+200D, U+2060, U+FEFF)
/// and the soft hyphen.
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// The nickname of a new account: its address's local part without invisible characters
/// ([`is_invisible`]), or "user" when nothing is left.
pub fn nickname_of(email: &str) -> String {
    let local = email.rsplit_once('@').map_or(email, |(local, _)| local);
    let name: String = local.chars().filter(|c| !is_invisible(*c)).collect();
    if name.is_empty() {
        "user".to_owned()
    } else {
        name
    }
}

/// Whether a new password is strong enough (see the module doc).
pub fn check_new_password(password: &str) -> Result<(), AccountError> {
    let len = password.chars().count();
    if len < PASSWORD_MIN_CHARS {
        return Err(AccountError::PasswordTooShort);
    }
    if len > PASSWORD_MAX_CHARS {
        return Err(AccountError::PasswordTooLong);
    }
    if !password.chars().any(char::is_alphabetic) || !password.chars().any(|c| c.is_ascii_digit()) {
        return Err(AccountError::PasswordNeedsLetterAndDigit);
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn e_mails_are_trimmed_lower_cased_and_checked() {
        assert_eq!(
            normalise_email("  Ann@Example.COM ").unwrap(),
            "ann@example.com"
        );
        for bad in [
            "",
            "ann",
            "@example.com",
            "ann@example",
            "ann@.com",
            "a n@x.io",
            "a@b@c.io",
            "a@b..com",
            "\u{202e}@example.com",
            "ann\u{200b}@example.com",
            "ann\u{7}@example.com",
            "Ann <ann@example.com>",
            "ann@[192.0.2.1]",
            "ann.@example.com",
        ] {
            assert_eq!(
                normalise_email(bad),
                Err(AccountError::EmailMalformed),
                "{bad}"
            );
        }
        let long = format!("{}@example.com", "a".repeat(EMAIL_MAX_CHARS));
        assert_eq!(normalise_email(&long), Err(AccountError::EmailMalformed));
    }

    #[test]
    fn new_passwords_need_length_a_letter_and_a_digit() {
        assert_eq!(
            check_new_password("abc1"),
            Err(AccountError::PasswordTooShort)
        );
        assert_eq!(
            check_new_password(&"a1".repeat(65)),
            Err(AccountError::PasswordTooLong)
        );
        assert_eq!(
            check_new_password("abcdefgh"),
            Err(AccountError::PasswordNeedsLetterAndDigit)
        );
        assert_eq!(
            check_new_password("12345678"),
            Err(AccountError::PasswordNeedsLetterAndDigit)
        );
        assert!(check_new_password("e2e-pass-1234").is_ok());
    }

    #[test]
    fn messages_are_sentences_for_people() {
        for error in ACCOUNT_ERRORS {
            let text = error.to_string();
            assert!(text.starts_with(char::is_uppercase), "{text}");
            assert!(text.ends_with('.'), "{text}");
            for developer_word in ["email:", "e-mail:", "too weak", "_"] {
                assert!(!text.contains(developer_word), "{text}");
            }
        }
        assert_eq!(
            AccountError::PasswordTooShort.to_string(),
            "Choose a longer password: at least 8 characters."
        );
    }

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<&str> = ACCOUNT_ERRORS.iter().map(Coded::code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), ACCOUNT_ERRORS.len());
    }

    #[test]
    fn nicknames_lose_invisible_characters() {
        assert_eq!(nickname_of("ann.lee@example.com"), "ann.lee");
        assert_eq!(nickname_of("\u{202e}moc\u{2066}x@example.com"), "mocx");
        assert_eq!(nickname_of("\u{202e}@example.com"), "user");
    }
}
