//! Fixture-driven tests of the pricing rules (fixtures/pricing/*.json) and property tests
//! showing no public function panics.
#![allow(clippy::expect_used, clippy::indexing_slicing)]

use crate::common;

use aivg_core::lang::Lang;
use aivg_core::pricing::{self, MembershipPeriod, Sku, UserType};
use common::{Outcome, arg, err, num, ok, opt_num};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let call: fn(&[Value]) -> Outcome = match func {
        "discountPercent" => |a| ok(pricing::discount_percent(opt_num(a, 0)?, opt_num(a, 1)?)),
        "skuDiscountPercent" => |a| ok(pricing::sku_discount_percent(&arg::<Sku>(a, 0)?)),
        "skuSavingPercent" => |a| {
            ok(pricing::sku_saving_percent(
                &arg::<Vec<Sku>>(a, 0)?,
                arg(a, 1)?,
            ))
        },
        "planBenefits" => |a| ok(pricing::plan_benefits(&arg::<Sku>(a, 0)?)),
        "perCreditPrice" => |a| {
            pricing::per_credit_price(num(a, 0)?, num(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "yearlyMonthlyPrice" => |a| {
            pricing::yearly_monthly_price(num(a, 0)?)
                .map_err(err)
                .and_then(ok)
        },
        "formatPrice" => |a| {
            pricing::format_price(num(a, 0)?, &arg::<String>(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "skuPriceText" => |a| ok(pricing::sku_price_text(&arg::<Sku>(a, 0)?)),
        "describeSku" => |a| ok(pricing::describe_sku(&arg::<Sku>(a, 0)?)),
        "trialCheckboxDefault" => |a| {
            ok(pricing::trial_checkbox_default(
                &arg::<Sku>(a, 0)?,
                arg(a, 1)?,
            ))
        },
        "freeTrialSelectorVisible" => |a| {
            ok(pricing::free_trial_selector_visible(
                arg(a, 0)?,
                &arg::<Sku>(a, 1)?,
            ))
        },
        "skuBuyUrl" => |a| {
            ok(pricing::sku_buy_url(
                &arg::<Sku>(a, 0)?,
                arg(a, 1)?,
                arg(a, 2)?,
            ))
        },
        "creditsDiscountFlag" => |a| ok(pricing::credits_discount_flag(&arg::<Sku>(a, 0)?)),
        "creditSkuOrder" => |a| {
            ok(pricing::credit_sku_order(
                &arg::<Vec<Sku>>(a, 0)?,
                arg(a, 1)?,
            ))
        },
        "membershipSkuOrder" => |a| ok(pricing::membership_sku_order(&arg::<Vec<Sku>>(a, 0)?)),
        "membershipTier" => |a| ok(pricing::membership_tier(arg(a, 0)?)),
        "membershipSkuFilter" => |a| {
            ok(pricing::membership_sku_filter(
                &arg::<Vec<Sku>>(a, 0)?,
                arg(a, 1)?,
            ))
        },
        "smartPopupTab" => |a| ok(pricing::smart_popup_tab(arg::<UserType>(a, 0)?)),
        "defaultMembershipPeriod" => |a| ok(pricing::default_membership_period(arg(a, 0)?)),
        "planBCards" => |a| ok(pricing::plan_b_cards(&arg::<Vec<Sku>>(a, 0)?, arg(a, 1)?)),
        "planCCards" => |a| {
            ok(pricing::plan_c_cards(
                &arg::<Vec<Sku>>(a, 0)?,
                arg::<MembershipPeriod>(a, 1)?,
                arg(a, 2)?,
            ))
        },
        "pricingBatch" => |a| {
            let list = arg::<Option<Vec<String>>>(a, 1)?;
            ok(pricing::pricing_batch(
                &arg::<String>(a, 0)?,
                list.as_deref(),
            ))
        },
        "isFreeTrialCountry" => |a| ok(pricing::is_free_trial_country(&arg::<String>(a, 0)?)),
        "pricingPlan" => |a| ok(pricing::pricing_plan(opt_num(a, 0)?)),
        "highestDiscountSkuId" => |a| ok(pricing::highest_discount_sku_id(&arg::<String>(a, 0)?)),
        "pricingConstants" => |_| ok(pricing::pricing_constants()),
        "promoConfig" => |a| ok(pricing::promo_config(arg(a, 0)?)),
        "promoConfigTable" => |_| ok(pricing::promo_config_table()),
        "funnelStageOrder" => |a| ok(pricing::funnel_stage_order(arg::<UserType>(a, 0)?)),
        "virtualDiscountLayer" => |a| ok(pricing::virtual_discount_layer(arg(a, 0)?)),
        "promoOffers" => |a| ok(pricing::promo_offers(arg::<UserType>(a, 0)?)),
        "creditSkuSets" => |a| {
            ok(pricing::credit_sku_sets(
                &arg::<Vec<Sku>>(a, 0)?,
                arg(a, 1)?,
                arg(a, 2)?,
            ))
        },
        "creditSkuSlots" => |a| ok(pricing::credit_sku_slots(arg(a, 0)?)),
        "isRecommendActivity" => |a| {
            ok(pricing::is_recommend_activity(
                arg::<Option<String>>(a, 0)?.as_deref(),
            ))
        },
        "recommendedSku" => |a| {
            ok(pricing::recommended_sku(
                &arg::<Vec<Sku>>(a, 0)?,
                &arg::<Vec<usize>>(a, 1)?,
                &arg::<String>(a, 2)?,
            ))
        },
        "halloweenDiscount" => |a| ok(pricing::halloween_discount(arg::<Lang>(a, 0)?)),
        "discountDisplay" => |a| {
            pricing::discount_display(arg(a, 0)?, arg::<Lang>(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "packDiscount" => |a| {
            pricing::pack_discount(arg::<Option<u32>>(a, 0)?, arg(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "discountedPrice" => |a| {
            pricing::discounted_price(num(a, 0)?, arg(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "bannerTextSize" => |a| {
            pricing::banner_text_size(num(a, 0)?, num(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        _ => return None,
    };
    Some(call(args))
}

#[test]
fn pricing_fixtures() {
    let count = common::run_area("pricing", dispatch);
    assert!(
        count >= 100,
        "expected at least 100 pricing cases, ran {count}"
    );
}

#[test]
fn sku_reads_numbers_and_numeric_strings_alike() {
    let a: Sku = serde_json::from_value(json!({
        "sku_id": "24109016", "price": "9.99", "original_price": 19.99,
        "period_unit": "Month", "zero_buy": 1,
        "feature_code_list": [{"feature_code": "credits_2024", "sale_unit_value": "500"}]
    }))
    .unwrap();
    assert_eq!(a.sku_id, Some(24_109_016));
    assert_eq!(a.price, Some(9.99));
    assert_eq!(a.original_price, Some(19.99));
    assert_eq!(a.period_unit, Some(pricing::PeriodUnit::Month));
    assert!(a.zero_buy);
    assert_eq!(a.credits(), Some(500));
    // Garbage reads as missing rather than failing the whole SKU.
    let b: Sku = serde_json::from_value(json!({
        "sku_id": {"x": 1}, "price": "$9.99", "original_price": true, "period_unit": 7,
        "feature_code_list": "none", "currency_symbol": null
    }))
    .unwrap();
    assert_eq!(b, Sku::default());
    // Serialization keeps the server's names.
    let v = serde_json::to_value(&a).unwrap();
    assert_eq!(v["sku_id"], json!(24_109_016));
    assert_eq!(v["period_unit"], json!("month"));
}

#[test]
fn promo_table_uses_every_listed_value() {
    let table = pricing::promo_config_table();
    assert_eq!(table.len(), 12);
    let credits: std::collections::BTreeSet<u32> = table.iter().map(|r| r.month_credits).collect();
    assert_eq!(
        credits.into_iter().collect::<Vec<_>>(),
        vec![50, 100, 200, 400, 600]
    );
    for row in &table {
        assert_eq!(row.video_num * 10, row.month_credits);
        assert_eq!(row.image_num, row.month_credits);
        assert!([5, 10].contains(&row.check_in));
        assert!([1, 2].contains(&row.speed));
        assert!([0, 15].contains(&row.discount));
        assert!([50, 80, 100].contains(&row.try3_day_credits));
    }
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_map(|n| serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number)),
        ".{0,12}".prop_map(Value::String),
        "[-+]?[0-9]{0,6}(\\.[0-9]{0,4})?(e[-+]?[0-9]{1,3})?".prop_map(Value::String),
    ];
    leaf.prop_recursive(2, 16, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Value::Array)
    })
}

fn arb_sku() -> impl Strategy<Value = Sku> {
    (
        prop::collection::vec(arb_json(), 8),
        prop::collection::vec(arb_json(), 0..3),
        ".{0,20}",
    )
        .prop_map(|(v, codes, name)| {
            let list: Vec<Value> = codes
                .into_iter()
                .map(|c| json!({"feature_code": "credits_2024", "sale_unit_value": c}))
                .collect();
            let raw = json!({
                "sku_id": v[0], "price": v[1], "original_price": v[2], "recommend_price": v[3],
                "show_rec_price": v[4], "period_unit": v[5], "zero_buy": v[6],
                "zero_buy_url": v[7], "sub_tpl_name": name, "feature_code_list": list,
            });
            serde_json::from_value(raw).expect("tolerant SKU never fails")
        })
}

proptest! {
    #[test]
    fn price_functions_never_panic(p in any::<f64>(), q in any::<f64>(), s in ".{0,8}") {
        let _ = pricing::discount_percent(Some(p), Some(q));
        let _ = pricing::per_credit_price(p, q);
        let _ = pricing::yearly_monthly_price(p);
        let _ = pricing::format_price(p, &s);
        let _ = pricing::pricing_plan(Some(p));
        if let Some(d) = pricing::discount_percent(Some(p), Some(q)) {
            prop_assert!((1..=100).contains(&d));
        }
        if let Ok(text) = pricing::per_credit_price(p, q) {
            prop_assert!(text.contains('.'));
        }
        if let Ok(size) = pricing::banner_text_size(p, q) {
            prop_assert!((12..=34).contains(&size));
        }
    }

    #[test]
    fn sku_functions_never_panic(skus in prop::collection::vec(arb_sku(), 0..6), batch in any::<u8>(),
                                 flag in any::<bool>(), country in ".{0,6}", id in any::<u64>(), rank in any::<u32>()) {
        for sku in &skus {
            let _ = pricing::describe_sku(sku);
            let _ = pricing::sku_price_text(sku);
            let _ = pricing::sku_buy_url(sku, flag, !flag);
            let _ = pricing::credits_discount_flag(sku);
            let _ = pricing::free_trial_selector_visible(flag, sku);
        }
        let order = pricing::credit_sku_order(&skus, batch);
        prop_assert_eq!(order.len(), skus.len());
        let order = pricing::membership_sku_order(&skus);
        prop_assert_eq!(order.len(), skus.len());
        let _ = pricing::membership_sku_filter(&skus, flag);
        let _ = pricing::plan_b_cards(&skus, batch);
        let _ = pricing::plan_c_cards(&skus, MembershipPeriod::Yearly, flag);
        let _ = pricing::pricing_batch(&country, None);
        let _ = pricing::pricing_batch(&country, Some(std::slice::from_ref(&country)));
        let _ = pricing::is_free_trial_country(&country);
        let _ = pricing::highest_discount_sku_id(&country);
        let _ = pricing::promo_config(id);
        let _ = pricing::virtual_discount_layer(rank);
        let sets = pricing::credit_sku_sets(&skus, flag, batch);
        let all: Vec<usize> = sets.plans.iter().chain(&sets.packs).copied().collect();
        prop_assert!(all.iter().all(|&i| i < skus.len()));
        let picked = pricing::recommended_sku(&skus, &all, &country);
        prop_assert!(picked.is_none_or(|i| all.contains(&i)));
        for i in 0..skus.len() + 1 {
            prop_assert!(pricing::sku_saving_percent(&skus, i).is_none_or(|p| (1..=100).contains(&p)));
        }
        for sku in &skus {
            let _ = pricing::plan_benefits(sku);
        }
    }

    #[test]
    fn sku_reading_never_fails(v in prop::collection::vec(arb_json(), 16)) {
        let keys = ["sku_id", "sub_tpl_id", "sub_tpl_name", "period_unit", "period_val", "price",
            "original_price", "recommend_price", "show_rec_price", "currency", "currency_symbol",
            "feature_code_list", "buy_url", "retention_promotion", "zero_buy", "zero_buy_url"];
        let raw: serde_json::Map<String, Value> =
            keys.iter().map(|k| k.to_string()).zip(v).collect();
        prop_assert!(serde_json::from_value::<Sku>(Value::Object(raw)).is_ok());
    }
}
