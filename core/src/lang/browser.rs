//! Mapping browser language tags to supported languages
//! (docs/behaviour/languages-and-routes.md#language-resolution step 3, #language-resolution).

use super::{DEFAULT_LANGUAGE, Lang, LangError};

/// Maps one browser language tag (an entry of `navigator.languages`, e.g. `"de-AT"`) to a
/// supported language. Errors with `unmapped_browser_language` when it maps to none (an
/// error rather than a null so the answer is the same in Rust, JavaScript and the fixtures).
///
/// docs/behaviour/languages-and-routes.md#languages lists en-us and en-gb → en; zh, zh-cn, zh-tw,
/// zh-hk → zh; de, de-at, de-ch → de; "es variants" → es; "fr variants" → fr; ja → jp; ko → ko; pt,
/// pt-br, pt-pt → br. We read "variants" as a match on the primary language subtag, and apply that
/// rule to every row so the table has no holes:
///
/// - the primary subtag decides: `en*` → en, `zh*` → zh (also `zh-Hant`, `zh-SG`), `de*` → de,
///   `es*` → es (`es-419`, `es-MX`), `fr*` → fr (`fr-CA`), `ja*` → jp, `ko*` → ko, `pt*` → br;
///   so bare `en`, `ja-JP`, `ko-KR` map as well;
/// - comparison is ASCII case-insensitive, surrounding whitespace is ignored and `_` counts as
///   `-` (`en_US` as some systems write it);
/// - the tag must be well formed: subtags of 1 to 8 ASCII letters or digits, the first made of
///   2 or 3 letters; anything else (`""`, `"*"`, `"en-"`, `"en;q=0.8"`) maps to nothing;
/// - our own codes are not browser tags: `jp` is not a language subtag and `br` is Breton, so
///   neither maps, and neither does `zz` (the pseudo-locale is reached by URL only).
pub fn map_browser_language(tag: &str) -> Result<Lang, LangError> {
    map_tag(tag).ok_or_else(|| LangError::UnmappedBrowserLanguage(tag.to_string()))
}

/// The mapping itself; `None` when the tag maps to nothing.
fn map_tag(tag: &str) -> Option<Lang> {
    let tag = tag.trim();
    let mut subtags = tag.split(['-', '_']);
    let primary = subtags.next()?;
    let primary_ok =
        (2..=3).contains(&primary.len()) && primary.bytes().all(|b| b.is_ascii_alphabetic());
    let rest_ok =
        subtags.all(|s| (1..=8).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric()));
    if !primary_ok || !rest_ok {
        return None;
    }
    match primary.to_ascii_lowercase().as_str() {
        "en" => Some(Lang::En),
        "zh" => Some(Lang::Zh),
        "de" => Some(Lang::De),
        "es" => Some(Lang::Es),
        "fr" => Some(Lang::Fr),
        "ja" => Some(Lang::Jp),
        "ko" => Some(Lang::Ko),
        "pt" => Some(Lang::Br),
        _ => None,
    }
}

/// The first entry of a browser's ordered language list that maps to a supported language
/// (docs/behaviour/languages-and-routes.md#language-resolution step 3), or en when none does,
/// including an empty list (step 4, and #languages: "fall back to en"). Entries that do not map are
/// skipped, so `["nl-NL", "de-DE"]` gives de.
pub fn pick_browser_language(tags: &[String]) -> Lang {
    tags.iter()
        .find_map(|t| map_tag(t))
        .unwrap_or(DEFAULT_LANGUAGE)
}

#[cfg(test)]
mod tests {
    use super::{map_browser_language, pick_browser_language};
    use crate::lang::Lang;

    #[test]
    fn spec_table_rows() {
        for (tag, want) in [
            ("en-us", Lang::En),
            ("en-gb", Lang::En),
            ("zh-hk", Lang::Zh),
            ("de-ch", Lang::De),
            ("ja", Lang::Jp),
            ("pt-pt", Lang::Br),
        ] {
            assert_eq!(map_browser_language(tag), Ok(want), "{tag}");
        }
        assert!(map_browser_language("br").is_err());
        assert_eq!(pick_browser_language(&[]), Lang::En);
    }
}
