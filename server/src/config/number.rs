//! A number read from the environment: the one way the settings parse a count, a duration or a
//! score within bounds, so every variable refuses a bad value alike, naming itself.

use super::error::ConfigError;
use std::fmt::Display;
use std::ops::{Bound, RangeBounds};
use std::str::FromStr;

/// `value` (the variable `name` as read, surrounding blanks ignored) as a number within `range`;
/// `default` when the variable is unset. Anything else (not a number of type `T`, or out of the
/// range) is an error naming the variable and what it wants, in words (`what`: "a number of
/// workers"): `AIVG_TASK_WORKERS: "0" is not a number of workers from 1 to 64`.
pub fn number_in<T>(
    name: &'static str,
    value: Option<String>,
    default: T,
    range: impl RangeBounds<T>,
    what: &str,
) -> Result<T, ConfigError>
where
    T: FromStr + PartialOrd + Display,
{
    let Some(raw) = value else {
        return Ok(default);
    };
    match raw.trim().parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(ConfigError {
            name,
            problem: format!("{raw:?} is not {what}{}", bounds(&range)),
        }),
    }
}

/// The range in words: " from 1 to 64", " of at least 1", " of at most 60000".
fn bounds<T: Display>(range: &impl RangeBounds<T>) -> String {
    match (range.start_bound(), range.end_bound()) {
        (Bound::Included(a), Bound::Included(b)) => format!(" from {a} to {b}"),
        (Bound::Included(a), Bound::Unbounded) => format!(" of at least {a}"),
        (Bound::Unbounded, Bound::Included(b)) => format!(" of at most {b}"),
        (Bound::Excluded(a), Bound::Unbounded) => format!(" above {a}"),
        (Bound::Included(a), Bound::Excluded(b)) => format!(" from {a} to below {b}"),
        _ => String::new(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn workers(v: Option<&str>) -> Result<usize, ConfigError> {
        number_in(
            "AIVG_TASK_WORKERS",
            v.map(str::to_owned),
            2,
            1..=64,
            "a number of workers",
        )
    }

    #[test]
    fn unset_is_the_default_and_blanks_around_are_ignored() {
        assert_eq!(workers(None).unwrap(), 2);
        assert_eq!(workers(Some(" 64 ")).unwrap(), 64);
        assert_eq!(workers(Some("1")).unwrap(), 1);
    }

    #[test]
    fn below_above_and_not_a_number_name_the_variable_and_the_range() {
        for bad in ["0", "65", "many", "", "-1", "2.5"] {
            let e = workers(Some(bad)).unwrap_err();
            assert_eq!(e.name, "AIVG_TASK_WORKERS", "{bad}");
            assert_eq!(
                e.to_string(),
                format!("AIVG_TASK_WORKERS: {bad:?} is not a number of workers from 1 to 64")
            );
        }
    }

    #[test]
    fn open_ranges_and_fractions_read_alike() {
        let at_least = |v: &str| number_in("AIVG_X", Some(v.to_owned()), 5u64, 1.., "a number");
        assert_eq!(at_least("7").unwrap(), 7);
        assert_eq!(
            at_least("0").unwrap_err().problem,
            "\"0\" is not a number of at least 1"
        );
        let score = |v: &str| number_in("AIVG_S", Some(v.to_owned()), 0.5f32, 0.0..=1.0, "a score");
        assert!((score("0.8").unwrap() - 0.8).abs() < f32::EPSILON);
        assert_eq!(
            score("1.5").unwrap_err().problem,
            "\"1.5\" is not a score from 0 to 1"
        );
        assert!(score("NaN").is_err());
    }
}
