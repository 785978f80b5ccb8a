//! Fixture-driven tests of the crop geometry (fixtures/crop/*.json) plus property tests.

use crate::common;

use aivg_core::crop::{self, BoxSize, CropView};
use common::{Outcome, arg, err, ok};
use proptest::prelude::*;
use serde_json::Value;

/// Maps each JS export name to the core function it calls, argument for argument.
fn dispatch(func: &str, a: &[Value]) -> Option<Outcome> {
    let run = || -> Outcome {
        match func {
            "cropPresets" => ok(crop::crop_presets(arg(a, 0)?, arg(a, 1)?).map_err(err)?),
            "cropRatioOk" => {
                ok(
                    crop::crop_ratio_ok(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?, arg(a, 3)?)
                        .map_err(err)?,
                )
            }
            "imagesRatioOk" => ok(crop::images_ratio_ok(
                arg(a, 0)?,
                arg(a, 1)?,
                arg(a, 2)?,
                arg(a, 3)?,
                arg(a, 4)?,
                arg(a, 5)?,
            )
            .map_err(err)?),
            "aspectRatioOptions" => ok(crop::aspect_ratio_options()),
            "aspectRatioSize" => ok(crop::aspect_ratio_size(&arg::<String>(a, 0)?).map_err(err)?),
            "downscaleTarget" => {
                ok(crop::downscale_target(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?).map_err(err)?)
            }
            "cropZoomRange" => {
                ok(crop::crop_zoom_range(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?).map_err(err)?)
            }
            "cropZoomSteps" => ok(crop::crop_zoom_steps(arg(a, 0)?, arg(a, 1)?).map_err(err)?),
            "cropZoomStep" => {
                ok(
                    crop::crop_zoom_step(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?, arg(a, 3)?)
                        .map_err(err)?,
                )
            }
            "cropSliderToScale" => {
                ok(crop::crop_slider_to_scale(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?).map_err(err)?)
            }
            "cropScaleToSlider" => {
                ok(crop::crop_scale_to_slider(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?).map_err(err)?)
            }
            "cropWheelZoom" => {
                ok(
                    crop::crop_wheel_zoom(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?, arg(a, 3)?)
                        .map_err(err)?,
                )
            }
            "cropBoxSize" => ok(crop::crop_box_size(arg(a, 0)?).map_err(err)?),
            "cropStartBox" => {
                ok(crop::crop_start_box(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?).map_err(err)?)
            }
            "cropBoxResize" => {
                ok(
                    crop::crop_box_resize(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?, arg(a, 3)?)
                        .map_err(err)?,
                )
            }
            "cropRestore" => {
                ok(crop::crop_restore(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?).map_err(err)?)
            }
            "cropClampView" => {
                ok(
                    crop::crop_clamp_view(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?, arg(a, 3)?)
                        .map_err(err)?,
                )
            }
            "cropZoomTo" => {
                ok(
                    crop::crop_zoom_to(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?, arg(a, 3)?, arg(a, 4)?)
                        .map_err(err)?,
                )
            }
            "cropRect" => {
                ok(crop::crop_rect(arg(a, 0)?, arg(a, 1)?, arg(a, 2)?, arg(a, 3)?).map_err(err)?)
            }
            _ => Err(("no_such_fn".into(), func.into())),
        }
    };
    match run() {
        Err((code, _)) if code == "no_such_fn" => None,
        outcome => Some(outcome),
    }
}

#[test]
fn crop_fixtures() {
    let n = common::run_area("crop", dispatch);
    assert!(n >= 50, "expected the full crop fixture set, ran {n}");
}

/// Any f64, including NaN, infinities, zero and negatives.
fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(0.0),
        Just(-0.0),
        Just(f64::MAX),
        Just(f64::MIN_POSITIVE),
        -1e6..1e6_f64,
        any::<f64>(),
    ]
}

fn any_opt_f64() -> impl Strategy<Value = Option<f64>> {
    prop::option::of(any_f64())
}

fn any_box() -> impl Strategy<Value = BoxSize> {
    (any_f64(), any_f64()).prop_map(|(width, height)| BoxSize { width, height })
}

fn any_view() -> impl Strategy<Value = CropView> {
    (any_f64(), any_f64(), any_f64()).prop_map(|(scale, offset_x, offset_y)| CropView {
        scale,
        offset_x,
        offset_y,
    })
}

/// JavaScript's deep equality is exact on numbers, so the fixtures' doubles must be exactly what
/// core returns (the harness above allows 1e-9): re-check every successful case strictly.
#[test]
fn crop_fixtures_are_bit_exact() {
    for (file, fixture) in common::load_area("crop") {
        for case in fixture.cases {
            if let (Some(want), Some(Ok(got))) = (&case.expect, dispatch(&case.func, &case.args)) {
                assert!(
                    exact_eq(want, &got),
                    "{file} :: {}: {want} != {got}",
                    case.name
                );
            }
        }
    }
}

/// Structural equality with numbers compared as exact doubles (1 == 1.0, but 0.1 + 0.2 != 0.3).
fn exact_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| exact_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| exact_eq(v, w)))
        }
        _ => a == b,
    }
}

proptest! {
    #[test]
    fn no_ratio_function_panics(
        w in any::<u32>(), h in any::<u32>(), w2 in any::<u32>(), h2 in any::<u32>(),
        a in any_f64(), b in any_f64(), oa in any_opt_f64(), ob in any_opt_f64(),
        om in prop::option::of(any::<u32>()), label in ".{0,8}",
    ) {
        let _ = crop::crop_presets(oa, ob);
        let _ = crop::crop_ratio_ok(a, b, oa, ob);
        let _ = crop::images_ratio_ok(w, h, w2, h2, a, b);
        let _ = crop::aspect_ratio_size(&label);
        let _ = crop::downscale_target(w, h, om);
        let _ = crop::crop_box_size(oa);
        let _ = crop::crop_start_box(oa, w, h);
    }

    #[test]
    fn no_zoom_function_panics(
        a in any_f64(), b in any_f64(), c in any_f64(), d in any_f64(), steps in any::<i32>(),
    ) {
        let _ = crop::crop_zoom_steps(a, b);
        let _ = crop::crop_zoom_step(a, b, c, steps);
        let _ = crop::crop_slider_to_scale(a, b, c);
        let _ = crop::crop_scale_to_slider(a, b, c);
        let _ = crop::crop_wheel_zoom(a, b, c, d);
    }

    #[test]
    fn no_view_function_panics(
        w in any::<u32>(), h in any::<u32>(), a in any_f64(), b in any_f64(), oa in any_opt_f64(),
        bx in any_box(), bounds in any_box(), view in any_view(),
    ) {
        let _ = crop::crop_zoom_range(w, h, bx);
        let _ = crop::crop_box_resize(a, b, oa, bounds);
        let _ = crop::crop_restore(w, h, bx);
        let _ = crop::crop_clamp_view(w, h, bx, view);
        let _ = crop::crop_zoom_to(w, h, bx, view, a);
        let _ = crop::crop_rect(w, h, bx, view);
    }

    /// Whatever the view, a successful crop rectangle is non-empty and inside the image.
    #[test]
    fn crop_rect_always_inside(w in 1..5000_u32, h in 1..5000_u32, bx in any_box(), view in any_view()) {
        if let Ok(r) = crop::crop_rect(w, h, bx, view) {
            prop_assert!(r.w >= 1 && r.h >= 1);
            prop_assert!(u64::from(r.x) + u64::from(r.w) <= u64::from(w));
            prop_assert!(u64::from(r.y) + u64::from(r.h) <= u64::from(h));
        }
    }

    /// A restored or clamped view always covers the box with the image and stays in the zoom range.
    #[test]
    fn clamped_views_cover_the_box(
        w in 1..5000_u32, h in 1..5000_u32,
        bw in 1.0..1000.0_f64, bh in 1.0..1000.0_f64,
        view in any_view(),
    ) {
        let bx = BoxSize { width: bw, height: bh };
        let range = crop::crop_zoom_range(w, h, bx).unwrap();
        for v in [crop::crop_restore(w, h, bx).ok(), crop::crop_clamp_view(w, h, bx, view).ok()]
            .into_iter()
            .flatten()
        {
            prop_assert!(v.scale >= range.min_scale && v.scale <= range.max_scale);
            prop_assert!(v.offset_x <= 0.0 && v.offset_y <= 0.0);
            let eps = 1e-6 * (1.0 + bw + bh);
            prop_assert!(v.offset_x + f64::from(w) * v.scale + eps >= bw);
            prop_assert!(v.offset_y + f64::from(h) * v.scale + eps >= bh);
        }
    }

    /// The free crop starts with the whole picture: its start box and restored view cut the image
    /// as it is (a 1366 × 850 picture stays 1366 × 850 unless the user drags).
    #[test]
    fn an_untouched_free_crop_keeps_the_whole_picture(w in 1..10_000_u32, h in 1..10_000_u32) {
        let bx = crop::crop_start_box(None, w, h).unwrap();
        let view = crop::crop_restore(w, h, bx).unwrap();
        let r = crop::crop_rect(w, h, bx, view).unwrap();
        prop_assert_eq!((r.x, r.y, r.w, r.h), (0, 0, w, h));
    }

    /// The downscale target never exceeds the limit and never grows an image.
    #[test]
    fn downscale_target_bounds(w in 1..100_000_u32, h in 1..100_000_u32, m in prop::option::of(1..5000_u32)) {
        let t = crop::downscale_target(w, h, m).unwrap();
        let limit = m.unwrap_or(2000).min(2000);
        prop_assert!(t.width <= w && t.height <= h);
        prop_assert!(t.width >= 1 && t.height >= 1);
        prop_assert_eq!(t.downscaled, w.max(h) > limit);
        if t.downscaled {
            prop_assert_eq!(t.width.max(t.height), limit);
        }
    }
}
