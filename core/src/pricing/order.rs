//! SKU orders and filters of the purchase popup
//! (docs/behaviour/pricing-and-purchase.md#purchase-popup).
//!
//! These functions return positions into the list they are given, not new SKU objects: the
//! caller keeps its own objects, including any server fields beyond
//! docs/behaviour/pricing-and-purchase.md#skus ("the server-side shape of the SKU list beyond these
//! fields is not shown"). Sorts are stable, so SKUs that compare equal keep the server's order, and
//! SKUs missing the sort key go last.
//!
//! Batches: the spec speaks of "batch 1" and "batch 2" with an "else" for the other; these
//! rules test for the batch the spec names in each sentence and treat any other value as the
//! "else" branch.

use super::{PlanTier, Sku};
use std::cmp::Ordering;

/// Compares optional keys with missing ones last, in `descending` or ascending order.
fn by_key<K: PartialOrd>(a: &Option<K>, b: &Option<K>, descending: bool) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => {
            let o = x.partial_cmp(y).unwrap_or(Ordering::Equal);
            if descending { o.reverse() } else { o }
        }
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Display order of credits SKUs (JS `creditSkuOrder`): ascending by credits
/// (`sale_unit_value`), descending in batch 2
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup). Returns indices into `skus`; SKUs
/// without a credits amount go last.
pub fn credit_sku_order(skus: &[Sku], batch: u8) -> Vec<usize> {
    let descending = batch == 2;
    let keys: Vec<Option<u64>> = skus.iter().map(Sku::credits).collect();
    let mut order: Vec<usize> = (0..skus.len()).collect();
    order.sort_by(|&a, &b| {
        by_key(
            &keys.get(a).copied().flatten(),
            &keys.get(b).copied().flatten(),
            descending,
        )
    });
    order
}

/// Display order of membership SKUs (JS `membershipSkuOrder`): by price, highest first
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup). Returns indices into `skus`; SKUs
/// without a price go last.
pub fn membership_sku_order(skus: &[Sku]) -> Vec<usize> {
    let keys: Vec<Option<f64>> = skus.iter().map(|s| s.price).collect();
    let mut order: Vec<usize> = (0..skus.len()).collect();
    order.sort_by(|&a, &b| {
        by_key(
            &keys.get(a).copied().flatten(),
            &keys.get(b).copied().flatten(),
            true,
        )
    });
    order
}

/// The membership tier the popup offers (docs/behaviour/pricing-and-purchase.md#purchase-popup):
/// standard in membership-upgrade mode, premium otherwise (JS `membershipTier`).
pub fn membership_tier(upgrade_mode: bool) -> PlanTier {
    if upgrade_mode {
        PlanTier::Standard
    } else {
        PlanTier::Premium
    }
}

/// Membership SKUs kept by the filter (JS `membershipSkuFilter`): those whose tier (see
/// [`Sku::tier`]) is [`membership_tier`]. Returns indices into `skus`, in the given order.
pub fn membership_sku_filter(skus: &[Sku], upgrade_mode: bool) -> Vec<usize> {
    let tier = membership_tier(upgrade_mode);
    skus.iter()
        .enumerate()
        .filter(|(_, s)| s.tier() == tier)
        .map(|(i, _)| i)
        .collect()
}
