//! Progress simulation and timers: progress bar, toasts, template paging, reload guard, polls (spec 01 §4, spec 02 §4, §9).
