//! Validation, layout constants and the English source texts of error pages and modals (spec 01 §8-§9, spec 02 §5, §8-§9).
