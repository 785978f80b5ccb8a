//! U²-Net-p on the real model: the alpha channel separates a drawn subject from its background.
#![allow(clippy::indexing_slicing)]

mod support;

use aivg_models::ModelId;
use aivg_models::background::BackgroundModel;
use support::{disc_on_white, models_dir};

fn mean_alpha(px: &[u8], w: u32, pick: impl Fn(u32, u32) -> bool) -> f32 {
    let (mut sum, mut n) = (0u64, 0u64);
    for (i, p) in px.chunks_exact(4).enumerate() {
        let (x, y) = (i as u32 % w, i as u32 / w);
        if pick(x, y) {
            sum += u64::from(p[3]);
            n += 1;
        }
    }
    sum as f32 / n.max(1) as f32
}

#[test]
fn the_subject_stays_and_the_background_goes() {
    let Some(dir) = models_dir(ModelId::Background) else {
        return;
    };
    let model = BackgroundModel::load(&dir).unwrap();
    let (w, h, r) = (400u32, 300u32, 80.0f32);
    let px = disc_on_white(w, h, r);
    let out = model.cut_out(&px, w, h).unwrap();
    assert_eq!(out.len(), px.len(), "same size as the input");
    // Colours are kept; only alpha changes.
    for (a, b) in out.chunks_exact(4).zip(px.chunks_exact(4)) {
        assert_eq!(a[..3], b[..3]);
    }
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let dist = |x: u32, y: u32| ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
    let inside = mean_alpha(&out, w, |x, y| dist(x, y) < r * 0.7);
    let outside = mean_alpha(&out, w, |x, y| dist(x, y) > r * 1.3);
    eprintln!("mean alpha inside the disc {inside:.1}, outside {outside:.1}");
    assert!(inside > 200.0, "the disc stays opaque: mean alpha {inside}");
    assert!(
        outside < 40.0,
        "the white background goes: mean alpha {outside}"
    );
}
