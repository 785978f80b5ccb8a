/**
 * The price lines of one SKU, all from core: price text, discount percent
 * (docs/behaviour/pricing-and-purchase.md#purchase-popup: none when zero; credit packs only for the
 * 1000 and 2000 pay-as-you-go SKUs), price per credit (two decimals) and, for yearly plans, the
 * monthly price (price / 12, two decimals).
 */
import {
  creditsDiscountFlag,
  discountedPrice,
  formatPrice,
  packDiscount,
  perCreditPrice,
  skuDiscountPercent,
  skuPriceText,
  yearlyMonthlyPrice,
} from "@aivg/core/later";
import { useTranslation } from "react-i18next";
import { useHalloweenSeason } from "./halloweenSeason";
import type { PricedSku } from "./pricingData";

/**
 * A SKU's price. A pay-as-you-go pack in the halloween season shows the campaign price (core's
 * `packDiscount` and `discountedPrice`, rounded to the cent as the checkout charges it) after the
 * list price struck through; plans and packs out of season show their price.
 */
export function SkuPrice({ item }: { item: PricedSku }) {
  const halloween = useHalloweenSeason();
  const text = skuPriceText(item.sku) ?? "";
  const price = Number(item.sku.price);
  const discount = item.info.isSubscription ? null : packDiscount(null, halloween);
  if (!discount || !Number.isFinite(price)) return <strong>{text}</strong>;
  return (
    <>
      <s className="acc-was">{text}</s>{" "}
      <strong data-testid="campaign-price">{formatPrice(discountedPrice(price, discount.percent), item.sku.currency_symbol ?? "")}</strong>
    </>
  );
}

export function Discount({ item }: { item: PricedSku }) {
  const { t } = useTranslation("pricing");
  const percent = skuDiscountPercent(item.sku);
  const shown = item.info.tier === "basic" && !item.info.isSubscription ? creditsDiscountFlag(item.sku) : true;
  if (!percent || !shown) return null;
  return <span className="acc-discount">{t("discount", { percent })}</span>;
}

export function PerCredit({ item }: { item: PricedSku }) {
  const { t } = useTranslation("pricing");
  const price = Number(item.sku.price);
  if (!item.info.credits || !Number.isFinite(price)) return null;
  return <span className="acc-per-credit">{t("perCredit", { price: `${item.sku.currency_symbol ?? ""}${perCreditPrice(price, item.info.credits)}` })}</span>;
}

/** Price per month: yearly plans show price / 12, others their price. */
export function MonthlyPrice({ item }: { item: PricedSku }) {
  const { t } = useTranslation("pricing");
  const price = Number(item.sku.price);
  const text =
    item.sku.period_unit === "year" && Number.isFinite(price)
      ? `${item.sku.currency_symbol ?? ""}${yearlyMonthlyPrice(price)}`
      : (skuPriceText(item.sku) ?? "");
  return (
    <p className="acc-price">
      <strong>{text}</strong>
      <span>{t("perMonth")}</span>
    </p>
  );
}

export function TotalLine({ item }: { item: PricedSku }) {
  const { t } = useTranslation("pricing");
  const text = skuPriceText(item.sku) ?? "";
  return <p className="acc-total">{item.sku.period_unit === "year" ? t("billedYearly", { price: text }) : t("billedMonthly", { price: text })}</p>;
}
