//! Daily check-in: cycles at 19:00 UTC-7, rewards by tier, claim states, auto-show and load-time rules (spec 02 §4, §6, §8, §9).
