//! Fixture vectors (fixtures/request/*.json) and no-panic properties of the request area.

use crate::common;

use aivg_core::request::{
    self, HeaderInput, LinkAction, LinkConfig, NormalizedResponse, RequestError,
};
use common::{Outcome, arg, err, ok};
use proptest::prelude::*;
use serde_json::Value;

fn run(result: Result<impl serde::Serialize, RequestError>) -> Outcome {
    match result {
        Ok(v) => ok(v),
        Err(e) => Err(err(e)),
    }
}

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let outcome = (|| -> Outcome {
        match func {
            "buildGetUrl" => run(request::build_get_url(
                &arg::<String>(args, 0)?,
                &arg::<String>(args, 1)?,
                &arg::<Value>(args, 2)?,
                arg::<Option<String>>(args, 3)?.as_deref(),
                arg::<Option<i64>>(args, 4)?,
            )),
            "buildPostUrl" => run(request::build_post_url(
                &arg::<String>(args, 0)?,
                &arg::<String>(args, 1)?,
                arg::<Option<String>>(args, 2)?.as_deref(),
            )),
            "buildPostBody" => ok(request::build_post_body(&arg::<Value>(args, 0)?)),
            "parseEnvelope" => run(request::parse_envelope(&arg::<String>(args, 0)?)),
            "normalizeResponse" => ok(request::normalize_response(
                arg::<u16>(args, 0)?,
                &arg::<String>(args, 1)?,
            )),
            "isLoggedOutResponse" => ok(request::is_logged_out_response(
                &arg::<String>(args, 0)?,
                arg::<u16>(args, 1)?,
                arg::<Option<i64>>(args, 2)?,
            )),
            "requestHeaders" => run(request::request_headers(&arg::<HeaderInput>(args, 0)?)),
            "appSettings" => ok(request::app_settings()),
            "requestConstants" => ok(request::request_constants()),
            "generateClientSerial" => {
                run(request::generate_client_serial(&arg::<Vec<u8>>(args, 0)?))
            }
            "isValidClientSerial" => ok(request::is_valid_client_serial(&arg::<String>(args, 0)?)),
            "cmsCacheKey" => ok(request::cms_cache_key(&arg::<String>(args, 0)?)),
            "cmsDataPath" => ok(request::cms_data_path(&arg::<String>(args, 0)?)),
            "cmsPathFromKey" => run(request::cms_path_from_key(&arg::<String>(args, 0)?)),
            "callTrackingRecord" => ok(request::call_tracking_record(
                &arg::<String>(args, 0)?,
                arg::<f64>(args, 1)?,
                arg::<f64>(args, 2)?,
                &arg::<NormalizedResponse>(args, 3)?,
            )),
            "classifyLink" => ok(request::classify_link(
                &arg::<String>(args, 0)?,
                &arg::<LinkConfig>(args, 1)?,
            )),
            other => Err(("no_dispatcher".to_string(), other.to_string())),
        }
    })();
    match outcome {
        Err((code, _)) if code == "no_dispatcher" => None,
        other => Some(other),
    }
}

#[test]
fn request_fixtures() {
    let count = common::run_area("request", dispatch);
    assert!(count > 0);
}

fn config() -> LinkConfig {
    LinkConfig {
        current_origin: "https://www.media.io".into(),
        main_site_origin: "https://www.media.io".into(),
        ai_path: "/ai".into(),
        sub_domain_suffix: ".media.io".into(),
    }
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(".{0,6}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #[test]
    fn url_building_never_panics(base in ".{0,20}", path in ".{0,30}", params in json_value(),
                                 id in proptest::option::of(".{0,8}"), stamp in proptest::option::of(any::<i64>())) {
        let _ = request::build_get_url(&base, &path, &params, id.as_deref(), stamp);
        let _ = request::build_post_url(&base, &path, id.as_deref());
        let _ = request::build_post_body(&params);
    }

    #[test]
    fn answers_never_panic(status in any::<u16>(), body in ".{0,40}", url in ".{0,30}", code in proptest::option::of(any::<i64>()),
                           start in any::<f64>(), end in any::<f64>()) {
        let _ = request::parse_envelope(&body);
        let normalized = request::normalize_response(status, &body);
        prop_assert!(normalized.success || !normalized.message.is_empty());
        let _ = request::is_logged_out_response(&url, status, code);
        let _ = request::call_tracking_record(&url, start, end, &normalized);
    }

    #[test]
    fn envelope_like_bodies_never_panic(value in json_value(), status in any::<u16>()) {
        let text = serde_json::to_string(&value).unwrap();
        let _ = request::normalize_response(status, &text);
    }

    #[test]
    fn headers_never_panic(app in ".{0,10}", version in ".{0,10}", serial in ".{0,40}", mobile in any::<bool>(),
                           lang in ".{0,6}", token in proptest::option::of(".{0,20}"), bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        let input = HeaderInput { app_name: app, product_version: version, client_serial: serial.clone(), is_mobile: mobile, language: lang, token };
        if let Ok(headers) = request::request_headers(&input) {
            prop_assert!(headers.iter().all(|(_, v)| !v.contains(['\r', '\n'])));
        }
        let _ = request::is_valid_client_serial(&serial);
        if let Ok(made) = request::generate_client_serial(&bytes) {
            prop_assert!(request::is_valid_client_serial(&made));
        }
    }

    #[test]
    fn cms_key_round_trips(path in ".{0,40}", key in ".{0,40}") {
        prop_assert_eq!(request::cms_path_from_key(&request::cms_cache_key(&path)).unwrap(), path.clone());
        prop_assert!(!request::cms_cache_key(&path).contains(['/', '+', '=']));
        let _ = request::cms_path_from_key(&key);
    }

    #[test]
    fn links_never_panic_and_never_run_script(href in ".{0,40}", current in ".{0,20}", main in ".{0,20}", ai in ".{0,6}", suffix in ".{0,8}") {
        let cfg = LinkConfig { current_origin: current, main_site_origin: main, ai_path: ai, sub_domain_suffix: suffix };
        let _ = request::classify_link(&href, &cfg);
        let evil = format!(" \t{}:x", href.chars().take(3).collect::<String>());
        let _ = request::classify_link(&evil, &config());
    }

    #[test]
    fn script_schemes_always_refused(prefix in "[ \\t\\n\\r\\x00-\\x1f]{0,4}", upper in prop::collection::vec(any::<bool>(), 10),
                                     scheme in prop_oneof![Just("javascript"), Just("data"), Just("vbscript")], rest in ".{0,20}") {
        let cased: String = scheme.chars().zip(upper.iter().cycle()).map(|(c, u)| if *u { c.to_ascii_uppercase() } else { c }).collect();
        let href = format!("{prefix}{cased}:{rest}");
        let is_refused = matches!(request::classify_link(&href, &config()), LinkAction::Refused { .. });
        prop_assert!(is_refused);
    }
}
