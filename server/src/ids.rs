//! Random identifiers (uids, token ids, one-time codes, task ids).

use rand::Rng;

const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// `len` random characters of [a-z0-9] from the OS-seeded thread RNG.
pub fn random_token(len: usize) -> String {
    let mut rng = rand::rng();
    (0..len)
        .map(|_| {
            let i = rng.random_range(0..ALPHABET.len());
            char::from(ALPHABET.get(i).copied().unwrap_or(b'a'))
        })
        .collect()
}
