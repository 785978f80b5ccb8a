//! Session and account rules: logged-in test, stored values with expiry, user info, plan levels and tiers (spec 01 §3-§4, spec 02 §3-§4).
