//! Pricing rules: discounts, per-credit prices, SKU orders and filters, batches, promo table (spec 02 §4, §5, §9).
