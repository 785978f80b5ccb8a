//! YuNet on the real model: a face is found in a photograph, with a box, a score and key points.

mod support;

use aivg_core::imaging::decode_image;
use aivg_models::ModelId;
use aivg_models::faces::{DEFAULT_MIN_SCORE, FaceModel};
use support::{astronaut, disc_on_white, landscape, models_dir};

#[test]
fn finds_the_astronauts_face() {
    let Some(dir) = models_dir(ModelId::Faces) else {
        return;
    };
    let model = FaceModel::load(&dir).unwrap();
    let img = decode_image(&astronaut()).unwrap();
    let faces = model
        .detect(&img.pixels, img.width, img.height, DEFAULT_MIN_SCORE)
        .unwrap();
    assert_eq!(faces.len(), 1, "one face: {faces:?}");
    let f = &faces[0];
    eprintln!("the astronaut's face: {f:?}");
    assert!(f.score >= DEFAULT_MIN_SCORE && f.score <= 1.0, "{f:?}");
    // A face-sized box inside the picture.
    assert!(f.x >= 0.0 && f.y >= 0.0, "{f:?}");
    assert!(f.x + f.w <= 256.0 && f.y + f.h <= 256.0, "{f:?}");
    assert!(
        (20.0..=160.0).contains(&f.w) && (20.0..=160.0).contains(&f.h),
        "{f:?}"
    );
    // Where her face is in the photograph: upper middle (centre near 112, 60 of 256).
    let (cx, cy) = (f.x + f.w / 2.0, f.y + f.h / 2.0);
    assert!(
        (cx - 112.0).abs() < 20.0 && (cy - 60.0).abs() < 20.0,
        "{f:?}"
    );
    // Every key point inside the box; eyes above the nose, the nose above the mouth.
    for (x, y) in f.key_points {
        assert!(
            x >= f.x && x <= f.x + f.w && y >= f.y && y <= f.y + f.h,
            "{f:?}"
        );
    }
    let [right_eye, left_eye, nose, right_mouth, left_mouth] = f.key_points;
    assert!(
        right_eye.0 < left_eye.0,
        "the right eye is on the picture's left: {f:?}"
    );
    assert!(right_eye.1.max(left_eye.1) < nose.1, "{f:?}");
    assert!(nose.1 < right_mouth.1.min(left_mouth.1), "{f:?}");
}

#[test]
fn no_face_in_drawings_without_one() {
    let Some(dir) = models_dir(ModelId::Faces) else {
        return;
    };
    let model = FaceModel::load(&dir).unwrap();
    let faces = model
        .detect(&landscape(320, 200), 320, 200, DEFAULT_MIN_SCORE)
        .unwrap();
    assert!(faces.is_empty(), "{faces:?}");
    let faces = model
        .detect(&disc_on_white(200, 200, 60.0), 200, 200, DEFAULT_MIN_SCORE)
        .unwrap();
    assert!(faces.is_empty(), "{faces:?}");
}

#[test]
fn coordinates_follow_the_picture_size() {
    let Some(dir) = models_dir(ModelId::Faces) else {
        return;
    };
    let model = FaceModel::load(&dir).unwrap();
    let img = decode_image(&astronaut()).unwrap();
    let small = model
        .detect(&img.pixels, img.width, img.height, DEFAULT_MIN_SCORE)
        .unwrap();
    // The same photograph at twice the size: the box doubles.
    let big = aivg_core::imaging::enhance_rgba(&img.pixels, img.width, img.height).unwrap();
    let large = model
        .detect(&big.pixels, big.width, big.height, DEFAULT_MIN_SCORE)
        .unwrap();
    assert_eq!((small.len(), large.len()), (1, 1));
    let (a, b) = (&small[0], &large[0]);
    assert!(
        (b.x / 2.0 - a.x).abs() < 4.0 && (b.w / 2.0 - a.w).abs() < 6.0,
        "{a:?} {b:?}"
    );
}
