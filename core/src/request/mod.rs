//! Request conventions: URL building, envelopes, failure codes, headers, CMS keys and link classification (spec 01 §7, spec 02 §7-§8).
