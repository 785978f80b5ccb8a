//! Ads and promotions: slot suppression, header ad icon, promo countdown, task-list promo card, free-trial box (spec 02 §4, §9; spec 01 §4).
