//! Fixture vectors (fixtures/session/*.json) and no-panic properties of the session area.

use crate::common;

use aivg_core::session::{self, SessionError, UserInfo};
use common::{Outcome, arg, err, ok};
use proptest::prelude::*;
use serde_json::Value;

fn run(result: Result<impl serde::Serialize, SessionError>) -> Outcome {
    match result {
        Ok(v) => ok(v),
        Err(e) => Err(err(e)),
    }
}

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let outcome = (|| -> Outcome {
        match func {
            "watermarkFreeFeature" => ok(session::FEATURE_WATERMARK_FREE),
            "hasFeature" => ok(session::has_feature(
                &arg::<Vec<String>>(args, 0)?,
                &arg::<String>(args, 1)?,
            )),
            "storedValueValid" => ok(session::stored_value_valid(
                &arg::<Value>(args, 0)?,
                arg::<i64>(args, 1)?,
            )),
            "readStoredValue" => ok(session::read_stored_value(
                arg::<Option<String>>(args, 0)?.as_deref(),
                arg::<i64>(args, 1)?,
            )),
            "makeStoredRecord" => ok(session::make_stored_record(
                arg::<Value>(args, 0)?,
                arg::<i64>(args, 1)?,
                arg::<Option<i64>>(args, 2)?,
            )),
            "isLoggedIn" => ok(session::is_logged_in(
                &arg::<Value>(args, 0)?,
                arg::<i64>(args, 1)?,
            )),
            "parseUserInfo" => run(session::parse_user_info(&arg::<Value>(args, 0)?)),
            "parseTokenResponse" => run(session::parse_token_response(&arg::<Value>(args, 0)?)),
            "displayName" => ok(session::display_name(&arg::<UserInfo>(args, 0)?)),
            "tokenUid" => run(session::token_uid(&arg::<String>(args, 0)?)),
            "tokenRenewPlan" => run(session::token_renew_plan(
                &arg::<String>(args, 0)?,
                arg::<i64>(args, 1)?,
            )),
            "sessionConstants" => ok(session::session_constants()),
            "effectivePlan" => ok(session::effective_plan(
                &arg::<String>(args, 0)?,
                arg::<i64>(args, 1)?,
                arg::<i64>(args, 2)?,
            )),
            "cachedUserInfo" => run(session::cached_user_info(
                &arg::<Value>(args, 0)?,
                &arg::<String>(args, 1)?,
                arg::<i64>(args, 2)?,
            )),
            "userInfoRecord" => ok(session::user_info_record(
                &arg::<UserInfo>(args, 0)?,
                arg::<i64>(args, 1)?,
            )),
            "planLevel" => ok(session::plan_level(
                arg::<bool>(args, 0)?,
                &arg::<String>(args, 1)?,
            )),
            "planActionLabel" => ok(session::plan_action_label(&arg::<String>(args, 0)?)),
            "isSubscribed" => ok(session::is_subscribed(&arg::<String>(args, 0)?)),
            "tierFromSubTplName" => ok(session::tier_from_sub_tpl_name(&arg::<String>(args, 0)?)),
            "tierFromSkuId" => run(session::tier_from_sku_id(arg::<i64>(args, 0)?)),
            "skuTier" => ok(session::sku_tier(
                arg::<Option<i64>>(args, 0)?,
                &arg::<String>(args, 1)?,
            )),
            "userFlags" => ok(session::user_flags(
                arg::<Option<String>>(args, 0)?.as_deref(),
                arg::<Option<UserInfo>>(args, 1)?.as_ref(),
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
fn session_fixtures() {
    let count = common::run_area("session", dispatch);
    assert!(count > 0);
}

#[test]
fn user_info_serialises_to_the_wire_shape() {
    let user = session::parse_user_info(&serde_json::json!({"uid": 9})).unwrap();
    let keys: Vec<String> = serde_json::to_value(&user)
        .unwrap()
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let mut want = vec![
        "avatar",
        "created_at",
        "email",
        "firstname",
        "integral",
        "is_free_trial",
        "lastname",
        "nickname",
        "subscribe",
        "uid",
        "verify",
    ];
    want.sort_unstable();
    let mut got = keys;
    got.sort_unstable();
    assert_eq!(got, want);
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
    let keys = prop_oneof![
        Just("uid".to_string()),
        Just("verify".to_string()),
        Just("level".to_string()),
        Just("integral".to_string()),
        Just("subscribe".to_string()),
        Just("expire".to_string()),
        Just("data".to_string()),
        Just("email".to_string()),
        Just("is_expired".to_string()),
        ".{0,6}",
    ];
    leaf.prop_recursive(4, 32, 5, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(keys.clone(), inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #[test]
    fn stored_values_never_panic(record in json_value(), now in any::<i64>(), raw in ".{0,40}", ttl in proptest::option::of(any::<i64>())) {
        let _ = session::stored_value_valid(&record, now);
        let _ = session::is_logged_in(&record, now);
        let _ = session::read_stored_value(Some(&raw), now);
        let text = serde_json::to_string(&record).unwrap();
        let _ = session::read_stored_value(Some(&text), now);
        let _ = session::make_stored_record(record, now, ttl);
    }

    #[test]
    fn user_info_never_panics(value in json_value(), token in proptest::option::of(".{0,30}"), now in any::<i64>()) {
        if let Ok(user) = session::parse_user_info(&value) {
            let again = session::parse_user_info(&serde_json::to_value(&user).unwrap()).unwrap();
            prop_assert_eq!(&again, &user);
            prop_assert!(!session::display_name(&user).is_empty());
            let _ = session::user_flags(token.as_deref(), Some(&user));
            let _ = session::user_info_record(&user, now);
        }
        let _ = session::parse_token_response(&value);
        let _ = session::cached_user_info(&value, token.as_deref().unwrap_or(""), now);
    }

    #[test]
    fn tokens_never_panic(token in ".{0,60}", payload in json_value(), now in any::<i64>()) {
        let _ = session::token_uid(&token);
        use base64::Engine as _;
        let body = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(serde_json::to_vec(&payload).unwrap());
        let _ = session::token_uid(&format!("e30.{body}.x"));
        let _ = session::cached_user_info(&payload, &format!("e30.{body}."), now);
    }

    #[test]
    fn plans_never_panic(level in ".{0,12}", login in any::<bool>(), name in ".{0,20}", sku in any::<i64>()) {
        let _ = session::plan_level(login, &level);
        let _ = session::plan_action_label(&level);
        let _ = session::is_subscribed(&level);
        let _ = session::tier_from_sub_tpl_name(&name);
        let _ = session::tier_from_sku_id(sku);
        let _ = session::sku_tier(Some(sku), &name);
    }
}
