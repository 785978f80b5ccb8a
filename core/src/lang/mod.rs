//! The nine interface languages, browser-language mapping and per-navigation language resolution (spec 01 §3, §4, §9).
