//! The test store's catalog: the `skus` content kind (`seed/skus.json`, stored and edited in the
//! database like the other site content; a request reads it from one content snapshot,
//! `site/content_store.rs` `Content::catalog`) completed from core (tiers from the SKU table of
//! docs/behaviour/pricing-and-purchase.md#plans-and-tiers, the promo table of SKUs
//! 25284005..25284016) and shown in core's `Sku` wire shape.
//!
//! Decisions (the spec shows SKU fields, not the catalog):
//! - three kinds of product: memberships (standard/premium, monthly or yearly, optional 3-day
//!   trial), credit plans (a number of credits each week or month, tier basic) and pay-as-you-go
//!   packs (no period, credits valid indefinitely);
//! - `sale_unit_value` of the credits code is the credits per month for memberships (the
//!   benefit table's "100 credits per month"), per period for credit plans, the pack size for
//!   packs; a purchase grants a whole period at once: a yearly membership 12 months' credits,
//!   all expiring at the period end;
//! - periods are fixed lengths: a week 7 days, a month 30 days, a year 365 days, the trial 3 days.

use crate::api::ApiError;
use aivg_core::pricing::{FREE_TRIAL_DAYS, FeatureCode, PeriodUnit, PlanTier, Sku, promo_config};
use serde::Deserialize;

const DAY: i64 = 24 * 3600;

/// What a product is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A standard or premium plan.
    Membership,
    /// Credits each week or month, no plan level.
    CreditPlan,
    /// Pay as you go: credits once, valid indefinitely.
    Pack,
}

#[derive(Debug, Deserialize)]
struct SeedFile {
    currency: String,
    currency_symbol: String,
    credits_feature_code: String,
    membership_feature_codes: Vec<String>,
    skus: Vec<SeedSku>,
}

#[derive(Debug, Deserialize)]
struct SeedSku {
    sku_id: u64,
    sub_tpl_id: u64,
    kind: Kind,
    #[serde(default)]
    name: String,
    #[serde(default)]
    period_unit: Option<PeriodUnit>,
    #[serde(default)]
    credits: i64,
    price: f64,
    original_price: f64,
    #[serde(default)]
    plans: Vec<u8>,
    #[serde(default)]
    countries: Vec<String>,
    #[serde(default)]
    not_countries: Vec<String>,
    #[serde(default)]
    trial: bool,
    #[serde(default)]
    trial_credits: i64,
}

/// One product of the store, ready for sale.
#[derive(Debug, Clone)]
pub struct Product {
    pub sku_id: u64,
    pub sub_tpl_id: u64,
    pub name: String,
    pub kind: Kind,
    pub tier: PlanTier,
    pub period_unit: Option<PeriodUnit>,
    /// Credits per month (memberships), per period (credit plans) or per pack.
    pub unit_credits: i64,
    pub price_cents: i64,
    pub original_cents: i64,
    plans: Vec<u8>,
    countries: Vec<String>,
    not_countries: Vec<String>,
    /// Offers the 3-day free trial.
    pub trial: bool,
    /// Credits of the trial.
    pub trial_credits: i64,
}

impl Product {
    /// Whether it is sold by subscription (has a period).
    pub fn is_subscription(&self) -> bool {
        self.period_unit.is_some()
    }

    /// Length of one billing period in seconds (0 for packs).
    pub fn period_seconds(&self) -> i64 {
        match self.period_unit {
            None => 0,
            Some(PeriodUnit::Week) => 7 * DAY,
            Some(PeriodUnit::Month) => 30 * DAY,
            Some(PeriodUnit::Year) => 365 * DAY,
        }
    }

    /// Credits a paid purchase grants: a whole period at once (12 months for a yearly plan).
    pub fn credits_granted(&self) -> i64 {
        match (self.kind, self.period_unit) {
            (Kind::Membership, Some(PeriodUnit::Year)) => self.unit_credits * 12,
            _ => self.unit_credits,
        }
    }

    /// Listed for this pricing plan (1..4) and country (upper-case, may be empty).
    pub fn listed_for(&self, plan: u8, country: &str) -> bool {
        (self.plans.is_empty() || self.plans.contains(&plan))
            && (self.countries.is_empty() || self.countries.iter().any(|c| c == country))
            && !self.not_countries.iter().any(|c| c == country)
    }

    /// The price in dollars as the wire shows it.
    pub fn price(&self) -> f64 {
        cents_to_amount(self.price_cents)
    }
}

/// Cents to an amount with two decimals.
#[allow(clippy::cast_precision_loss)] // prices are far below 2^53 cents
pub fn cents_to_amount(cents: i64) -> f64 {
    cents as f64 / 100.0
}

#[allow(clippy::cast_possible_truncation)] // checked finite and small before
fn amount_to_cents(at: &str, field: &str, amount: f64) -> Result<i64, String> {
    if amount.is_finite() && (0.0..1e9).contains(&amount) {
        Ok((amount * 100.0).round() as i64)
    } else {
        Err(format!("{at}: {field}: {amount} is not a sum of money"))
    }
}

/// The whole catalog.
#[derive(Debug)]
pub struct Catalog {
    pub currency: String,
    pub currency_symbol: String,
    pub credits_code: String,
    membership_codes: Vec<String>,
    pub products: Vec<Product>,
}

fn title(tier: PlanTier) -> &'static str {
    match tier {
        PlanTier::Basic => "Basic",
        PlanTier::Standard => "Standard",
        PlanTier::Premium => "Premium",
    }
}

/// Parses and checks the `skus` document (the seed file and every admin edit); a refusal
/// names the SKU and the field.
pub fn build(seed: &str) -> Result<Catalog, String> {
    // The path of a refused value names the field (`skus[3].price: invalid type: …`).
    let file: SeedFile =
        serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_str(seed))
            .map_err(|e| format!("{}: {}", e.path(), e.inner()))?;
    if !aivg_core::pricing::is_credits_code(&file.credits_feature_code) {
        return Err(format!(
            "credits_feature_code: {} is not a 2024 credits code",
            file.credits_feature_code
        ));
    }
    let mut products = Vec::with_capacity(file.skus.len());
    for s in file.skus {
        let at = format!("sku {}", s.sku_id);
        if products.iter().any(|p: &Product| p.sku_id == s.sku_id) {
            return Err(format!("{at}: sku_id: listed twice"));
        }
        let promo = promo_config(s.sku_id);
        let (name, tier, period_unit, unit_credits, trial_credits) = match (&promo, s.kind) {
            (Some(p), Kind::Membership) => {
                let period = if p.period_unit == PeriodUnit::Year {
                    "Yearly"
                } else {
                    "Monthly"
                };
                let name = format!("{} {} {period}", title(p.tier), p.month_credits);
                (
                    name,
                    p.tier,
                    Some(p.period_unit),
                    i64::from(p.month_credits),
                    i64::from(p.try3_day_credits),
                )
            }
            (Some(_), _) => return Err(format!("{at}: kind: promo SKUs are memberships")),
            (None, Kind::Membership) => {
                let id = i64::try_from(s.sku_id).map_err(|e| format!("{at}: {e}"))?;
                let tier = aivg_core::session::sku_tier(Some(id), &s.name);
                // docs/behaviour/pricing-and-purchase.md#plans-and-tiers: 100 or 500 a month.
                let monthly = match aivg_core::pricing::tier_monthly_credits(tier) {
                    0 => {
                        return Err(format!(
                            "{at}: name: a membership must be standard or premium"
                        ));
                    }
                    credits => i64::from(credits),
                };
                (s.name, tier, s.period_unit, monthly, s.trial_credits)
            }
            (None, Kind::CreditPlan) => (s.name, PlanTier::Basic, s.period_unit, s.credits, 0),
            (None, Kind::Pack) => (s.name, PlanTier::Basic, None, s.credits, 0),
        };
        if name.trim().is_empty() {
            return Err(format!("{at}: name: missing"));
        }
        if unit_credits <= 0 {
            return Err(format!("{at}: credits: must be above 0"));
        }
        if s.kind != Kind::Pack && period_unit.is_none() {
            return Err(format!("{at}: period_unit: a subscription needs one"));
        }
        if s.kind == Kind::Pack && s.period_unit.is_some() {
            return Err(format!("{at}: period_unit: a pack has no period"));
        }
        if s.trial && (s.kind != Kind::Membership || trial_credits <= 0) {
            return Err(format!(
                "{at}: trial: only memberships with trial credits offer a trial"
            ));
        }
        products.push(Product {
            sku_id: s.sku_id,
            sub_tpl_id: s.sub_tpl_id,
            name,
            kind: s.kind,
            tier,
            period_unit,
            unit_credits,
            price_cents: amount_to_cents(&at, "price", s.price)?,
            original_cents: amount_to_cents(&at, "original_price", s.original_price)?,
            plans: s.plans,
            countries: s.countries.iter().map(|c| c.to_ascii_uppercase()).collect(),
            not_countries: s
                .not_countries
                .iter()
                .map(|c| c.to_ascii_uppercase())
                .collect(),
            trial: s.trial,
            trial_credits,
        });
    }
    let catalog = Catalog {
        currency: file.currency,
        currency_symbol: file.currency_symbol,
        credits_code: file.credits_feature_code,
        membership_codes: file.membership_feature_codes,
        products,
    };
    check_prices(&catalog)?;
    check_credit_sets(&catalog)?;
    Ok(catalog)
}

/// A SKU is sold for money and its struck-through reference is never below what is charged
/// (docs/behaviour/pricing-and-purchase.md#prices: a price at or above its reference shows no
/// discount; a reference below the price would only ever hide one).
fn check_prices(catalog: &Catalog) -> Result<(), String> {
    for p in &catalog.products {
        if p.price_cents <= 0 {
            return Err(format!("sku {}: price: must be above 0", p.sku_id));
        }
        if p.original_cents < p.price_cents {
            return Err(format!(
                "sku {}: original_price: {} is below the price {}",
                p.sku_id,
                cents_to_amount(p.original_cents),
                p.price()
            ));
        }
    }
    Ok(())
}

/// How a credit slot reads in a refusal (`monthly plan of 10 credits`, `pack of 10 to 500
/// credits`).
fn slot_text(slot: &aivg_core::pricing::CreditSlot) -> String {
    let what = match slot.period_unit {
        None => "pack",
        Some(PeriodUnit::Week) => "weekly plan",
        Some(PeriodUnit::Month) => "monthly plan",
        Some(PeriodUnit::Year) => "yearly plan",
    };
    if slot.min_credits == slot.max_credits {
        format!("{what} of {} credits", slot.min_credits)
    } else {
        format!(
            "{what} of {} to {} credits",
            slot.min_credits, slot.max_credits
        )
    }
}

/// The buy dialog offers credit SKUs by core's sets (`aivg_core::pricing::credit_sku_sets`,
/// docs/behaviour/pricing-and-purchase.md#purchase-popup), the same on every device: every credit
/// plan and pack the catalog sells must be offered in some mode (a period and amount the sets do
/// not name, or a second SKU of the same period and amount, could never be bought), and every
/// exact amount the sets name must be sold (the dialog would show a gap).
fn check_credit_sets(catalog: &Catalog) -> Result<(), String> {
    use aivg_core::pricing::{credit_sku_sets, credit_sku_slots};
    let skus: Vec<Sku> = catalog
        .products
        .iter()
        .map(|p| catalog.to_sku(p, "", false))
        .collect();
    let mut offered = vec![false; skus.len()];
    let mut slots = Vec::new();
    for recommend in [false, true] {
        let mode = credit_sku_slots(recommend);
        slots.extend(mode.plans.into_iter().chain(mode.packs));
        let sets = credit_sku_sets(&skus, recommend, 1);
        for i in sets.plans.into_iter().chain(sets.packs) {
            if let Some(o) = offered.get_mut(i) {
                *o = true;
            }
        }
    }
    for ((p, sku), offered) in catalog.products.iter().zip(&skus).zip(offered) {
        if p.tier != PlanTier::Basic || offered {
            continue;
        }
        let at = format!("sku {}", p.sku_id);
        if sku.tier() != PlanTier::Basic {
            return Err(format!(
                "{at}: name: {:?} names a plan level (standard or premium), so core's purchase \
                 rules would read this credit SKU as a membership",
                p.name
            ));
        }
        if slots.iter().any(|s| s.admits(sku)) {
            return Err(format!(
                "{at}: credits: another SKU before it already sells {} credits with this period \
                 (the buy dialog offers the first only)",
                p.unit_credits
            ));
        }
        let same_period: Vec<String> = slots
            .iter()
            .filter(|s| s.period_unit == p.period_unit)
            .map(slot_text)
            .collect();
        if same_period.is_empty() {
            return Err(format!(
                "{at}: period_unit: the buy dialog offers no credit SKU with this period \
                 (core's credit SKU sets: weekly and monthly plans, packs)"
            ));
        }
        return Err(format!(
            "{at}: credits: the buy dialog offers no {} of {} credits (core's credit SKU sets: {})",
            if p.kind == Kind::Pack { "pack" } else { "plan" },
            p.unit_credits,
            same_period.join(", ")
        ));
    }
    for slot in &slots {
        if !skus.iter().any(|s| slot.admits(s)) {
            return Err(format!(
                "skus: the buy dialog needs a {} (core's credit SKU sets); none is sold",
                slot_text(slot)
            ));
        }
    }
    Ok(())
}

impl Catalog {
    /// The product with this SKU id.
    pub fn find(&self, sku_id: u64) -> Option<&Product> {
        self.products.iter().find(|p| p.sku_id == sku_id)
    }

    /// Feature codes a membership unlocks (docs/behaviour/pricing-and-purchase.md#plans-and-tiers
    /// listed features).
    pub fn membership_codes(&self) -> &[String] {
        &self.membership_codes
    }

    /// A product in core's SKU wire shape; `origin` prefixes the checkout links, `zero_buy`
    /// says whether the free trial is offered to this visitor.
    #[allow(clippy::cast_precision_loss)] // credits are far below 2^53
    pub fn to_sku(&self, p: &Product, origin: &str, zero_buy: bool) -> Sku {
        let mut features = vec![FeatureCode {
            feature_code: self.credits_code.clone(),
            sale_unit_value: Some(p.unit_credits as f64),
        }];
        if p.kind == Kind::Membership {
            features.extend(self.membership_codes.iter().map(|c| FeatureCode {
                feature_code: c.clone(),
                sale_unit_value: Some(1.0),
            }));
        }
        let url = |zero: u8| format!("{origin}/store/checkout?sku_id={}&zero={zero}", p.sku_id);
        Sku {
            sku_id: Some(p.sku_id),
            sub_tpl_id: Some(p.sub_tpl_id),
            sub_tpl_name: p.name.clone(),
            period_unit: p.period_unit,
            period_val: p.period_unit.map(|_| 1),
            price: Some(p.price()),
            original_price: Some(cents_to_amount(p.original_cents)),
            recommend_price: None,
            show_rec_price: false,
            currency: self.currency.clone(),
            currency_symbol: self.currency_symbol.clone(),
            feature_code_list: features,
            buy_url: url(0),
            retention_promotion: false,
            retention_promotion_buy_url: String::new(),
            zero_buy,
            zero_buy_url: if zero_buy { url(1) } else { String::new() },
        }
    }
}

/// The product of a `sku_id` parameter, or an error naming it.
pub fn find_product(catalog: &Catalog, sku_id: Option<i64>) -> Result<&Product, ApiError> {
    let id = sku_id.ok_or_else(|| ApiError::invalid("sku_id", "missing: give the SKU to buy"))?;
    u64::try_from(id)
        .ok()
        .and_then(|id| catalog.find(id))
        .ok_or_else(|| ApiError::invalid("sku_id", format!("no SKU {id} in the store")))
}

/// Length of the free trial in seconds (core's 3 days,
/// docs/behaviour/pricing-and-purchase.md#subscriptions).
pub fn trial_seconds() -> i64 {
    i64::from(FREE_TRIAL_DAYS) * DAY
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = include_str!("../../seed/skus.json");

    #[test]
    fn the_seed_builds_and_agrees_with_core() {
        let c = build(SEED).unwrap_or_else(|e| panic!("{e}"));
        let sku = |id| c.find(id).map(|p| c.to_sku(p, "", false));
        assert_eq!(sku(24_109_013).map(|s| s.tier()), Some(PlanTier::Standard));
        assert_eq!(sku(24_109_016).map(|s| s.tier()), Some(PlanTier::Premium));
        for id in 25_284_005..=25_284_016 {
            let p = c.find(id).unwrap_or_else(|| panic!("promo {id} missing"));
            assert_eq!(c.to_sku(p, "", false).tier(), p.tier, "{id}");
        }
        assert_eq!(sku(24_122_000).and_then(|s| s.credits()), Some(2000));
        // The feature codes the app asks about are core's.
        assert_eq!(
            c.membership_codes(),
            aivg_core::session::MEMBERSHIP_FEATURES
        );
    }

    /// The buy dialog offers credit SKUs by core's sets per mode, the same on every device
    /// (docs/behaviour/pricing-and-purchase.md#purchase-popup): the seed must sell a SKU for every
    /// exact amount they name, and every credit SKU it sells must be offered in some mode, or a
    /// buyer could never reach it.
    #[test]
    fn the_seed_fills_cores_credit_sets() {
        use aivg_core::pricing::{credit_sku_sets, credit_sku_slots};
        let c = build(SEED).unwrap_or_else(|e| panic!("{e}"));
        let skus: Vec<Sku> = c.products.iter().map(|p| c.to_sku(p, "", false)).collect();
        let mut offered = vec![false; skus.len()];
        for recommend in [false, true] {
            let slots = credit_sku_slots(recommend);
            for slot in slots.plans.iter().chain(&slots.packs) {
                let filled = skus.iter().any(|s| slot.admits(s));
                assert!(filled, "no SKU for {slot:?} (recommend {recommend})");
            }
            let sets = credit_sku_sets(&skus, recommend, 1);
            for i in sets.plans.into_iter().chain(sets.packs) {
                offered[i] = true;
            }
        }
        for (p, offered) in c.products.iter().zip(offered) {
            if p.tier == PlanTier::Basic {
                assert!(offered, "credit SKU {} is offered in no mode", p.sku_id);
            }
        }
    }
}
