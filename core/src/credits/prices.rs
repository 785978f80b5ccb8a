//! What each generation task costs, in credits: one table for the server, which charges it when a
//! task is accepted, and the app, which shows it in the credit-consumption confirmation before a
//! task is created (spec 02 §3 task module codes, §5, §8 "Use {n} credits ...").
//!
//! The spec names the module codes but no prices; decided here, by the weight of the work:
//! images 1-3, music 5, songs 8, videos 10-15. Free, immediate calls (the sensitive-content
//! checks, `image_fkp`, `watermark_download`) have no price and are not in the table.

/// The envelope code (with HTTP 402) of a task refused for lack of credits; the server answers it
/// and the app tells the user (spec: server behaviour not shown; decided here).
pub const CODE_INSUFFICIENT_CREDITS: i64 = 140_402;

/// `(module code, credits)` for every priced task module. Codes are case-sensitive
/// (`txt2Music`).
pub const MODULE_CREDITS: [(&str, u32); 29] = [
    ("text2image", 2),
    ("wallpaper", 2),
    ("image2image", 2),
    ("photomaker_imagefix", 2),
    ("inpaint_clothes", 3),
    ("mai_fs", 2),
    ("mai_imagesharpen", 1),
    ("tool_itr", 1),
    ("tool_gb", 1),
    ("tool_sf", 1),
    ("tool_icf", 1),
    ("tool_mf", 1),
    ("text2video", 10),
    ("image2video", 10),
    ("effect", 10),
    ("talking_face", 10),
    ("talking_face_tts", 12),
    ("combo_alg", 10),
    ("video2video", 15),
    ("video2anime", 15),
    ("mai_vqe", 5),
    ("tool_vqe", 5),
    ("tool_erv", 5),
    ("tool_vrw", 5),
    ("tool_trw", 5),
    ("txt2Music", 5),
    ("mai_tcm", 5),
    ("txt2Song", 8),
    ("mai_text2song_minimax", 8),
];

/// The credits a task of `module` costs, or `None` for a code that is not a priced module.
pub fn module_credits(module: &str) -> Option<u32> {
    MODULE_CREDITS
        .iter()
        .find(|(code, _)| *code == module)
        .map(|(_, credits)| *credits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_positive_and_codes_unique() {
        for (i, (code, credits)) in MODULE_CREDITS.iter().enumerate() {
            assert!(*credits > 0, "{code}");
            assert!(
                MODULE_CREDITS.iter().skip(i + 1).all(|(c, _)| c != code),
                "{code} twice"
            );
        }
        assert_eq!(module_credits("mai_tcm"), Some(5));
        assert_eq!(module_credits("txt2music"), None);
        assert_eq!(module_credits("t_sensitive_detect"), None);
    }
}
