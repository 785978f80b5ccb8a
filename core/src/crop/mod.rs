//! Crop geometry: presets within model bounds, zoom steps, crop box and result (spec 01 §3-§5, §9; spec 02 §5).
