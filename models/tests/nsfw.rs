//! Open NSFW on the real model: safe pictures pass, scores are probabilities, answers are stable.

mod support;

use aivg_core::imaging::{ImageFormat, encode_image};
use aivg_models::ModelId;
use aivg_models::nsfw::{DEFAULT_THRESHOLD, NsfwModel};
use support::{astronaut, disc_on_white, landscape, models_dir};

#[test]
fn safe_pictures_pass() {
    let Some(dir) = models_dir(ModelId::Nsfw) else {
        return;
    };
    let model = NsfwModel::load(&dir).unwrap();
    let (w, h) = (640, 360);
    let field = model.score_rgba(&landscape(w, h), w, h).unwrap();
    let disc = model
        .score_rgba(&disc_on_white(300, 300, 90.0), 300, 300)
        .unwrap();
    let photo = model.score_file(&astronaut()).unwrap();
    for (name, score) in [("landscape", field), ("disc", disc), ("astronaut", photo)] {
        eprintln!("NSFW score of the {name}: {score:.4}");
        assert!((0.0..=1.0).contains(&score), "{name}: {score}");
        assert!(score < DEFAULT_THRESHOLD, "{name} should pass: {score}");
    }
    // The same picture, encoded, gives the same score as its pixels (decode is lossless for PNG).
    let png = encode_image(&landscape(w, h), w, h, ImageFormat::Png, 90).unwrap();
    let again = model.score_file(&png).unwrap();
    assert!((again - field).abs() < 1e-6, "{again} vs {field}");
}

#[test]
fn a_file_that_is_not_a_picture_is_refused() {
    let Some(dir) = models_dir(ModelId::Nsfw) else {
        return;
    };
    let model = NsfwModel::load(&dir).unwrap();
    let err = model.score_file(b"not a picture").unwrap_err();
    assert!(matches!(err, aivg_models::ModelError::Image(_)), "{err}");
}
