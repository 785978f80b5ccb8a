//! The identity behind an e-mail address, for "once per person" offers (sign-up credits, the
//! free trial). The site does not verify e-mail addresses, so the best it can tell is that some
//! addresses reach the same mailbox:
//!
//! - the `+tag` of the local part is dropped (`ann+1@example.com` is `ann@example.com`; plus
//!   addressing is how Gmail, Outlook, iCloud, Fastmail and most others work);
//! - Gmail ignores dots and answers to `googlemail.com` too (`a.n.n@googlemail.com` is
//!   `ann@gmail.com`).
//!
//! What it cannot tell: distinct addresses of one person (a catch-all domain, several
//! providers). The per-address sign-up limit bounds how fast those can be made.

/// The identity of a normalised (trimmed, lower-case) e-mail address.
pub fn of_email(email: &str) -> String {
    let Some((local, domain)) = email.rsplit_once('@') else {
        return email.to_owned();
    };
    let local = local.split('+').next().unwrap_or(local);
    let (local, domain) = match domain {
        "gmail.com" | "googlemail.com" => (local.replace('.', ""), "gmail.com"),
        _ => (local.to_owned(), domain),
    };
    if local.is_empty() {
        // "+tag@example.com": keep it whole rather than merge every such address.
        return email.to_owned();
    }
    format!("{local}@{domain}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_of_one_mailbox_share_an_identity() {
        assert_eq!(of_email("ann+shop@example.com"), "ann@example.com");
        assert_eq!(of_email("a.n.n+1@googlemail.com"), "ann@gmail.com");
        assert_eq!(of_email("a.nn@gmail.com"), "ann@gmail.com");
        assert_eq!(
            of_email("a.nn@example.com"),
            "a.nn@example.com",
            "dots count elsewhere"
        );
        assert_eq!(of_email("+x@example.com"), "+x@example.com");
    }
}
