/**
 * The price lines of one SKU, all from core and written in the page's language (`money.ts`):
 * price, saving (core's `skuSavingPercent`, against a real reference only,
 * docs/behaviour/pricing-and-purchase.md#prices: none when there is none; credit packs only for
 * the 1000 and 2000 pay-as-you-go SKUs), price per credit (two decimals) and, for yearly plans,
 * the monthly price (price / 12, two decimals).
 */
import { creditsDiscountFlag, discountedPrice, packDiscount, perCreditPrice, yearlyMonthlyPrice } from "@aivg/core/later";
import { useTranslation } from "react-i18next";
import { useHalloweenSeason } from "./halloweenSeason";
import { useMoney } from "./money";
import type { PricedSku } from "./pricingData";

/** The SKU's price in the page's language ("" without a usable price). */
export function useSkuPrice(): (item: PricedSku, amount?: number | string) => string {
  const money = useMoney();
  return (item, amount) => {
    const value = amount ?? item.sku.price;
    if (value === null || value === undefined || value === "") return "";
    return money({ amount: value, currency: item.sku.currency, symbol: item.sku.currency_symbol });
  };
}

/**
 * A SKU's price. A pay-as-you-go pack in the halloween season shows the campaign price (core's
 * `packDiscount` and `discountedPrice`, rounded to the cent as the checkout charges it) after the
 * list price struck through; plans and packs out of season show their price.
 */
export function SkuPrice({ item }: { item: PricedSku }) {
  const halloween = useHalloweenSeason();
  const priceText = useSkuPrice();
  const text = priceText(item);
  const price = Number(item.sku.price);
  const discount = item.info.isSubscription ? null : packDiscount(null, halloween);
  if (!discount || !Number.isFinite(price)) return <strong data-testid="sku-price">{text}</strong>;
  return (
    <>
      <s className="acc-was" data-testid="struck-price">
        {text}
      </s>{" "}
      <strong data-testid="campaign-price">{priceText(item, discountedPrice(price, discount.percent))}</strong>
    </>
  );
}

/** "Save N %", only where core finds a real saving (and for packs only the flagged ones). */
export function Discount({ item }: { item: PricedSku }) {
  const { t } = useTranslation("pricing");
  const percent = item.saving;
  const shown = item.info.tier === "basic" && !item.info.isSubscription ? creditsDiscountFlag(item.sku) : true;
  if (!percent || !shown) return null;
  return (
    <span className="acc-discount" data-testid="saving">
      {t("discount", { percent })}
    </span>
  );
}

export function PerCredit({ item }: { item: PricedSku }) {
  const { t } = useTranslation("pricing");
  const priceText = useSkuPrice();
  const price = Number(item.sku.price);
  if (!item.info.credits || !Number.isFinite(price)) return null;
  return <span className="acc-per-credit">{t("perCredit", { price: priceText(item, perCreditPrice(price, item.info.credits)) })}</span>;
}

/** Price per month: yearly plans show price / 12, others their price. */
export function MonthlyPrice({ item }: { item: PricedSku }) {
  const { t } = useTranslation("pricing");
  const priceText = useSkuPrice();
  const price = Number(item.sku.price);
  const text = item.sku.period_unit === "year" && Number.isFinite(price) ? priceText(item, yearlyMonthlyPrice(price)) : priceText(item);
  return (
    <p className="acc-price">
      <strong>{text}</strong>
      <span>{t("perMonth")}</span>
    </p>
  );
}

/** The amount each period charges: the price the store's checkout shows. */
export function TotalLine({ item }: { item: PricedSku }) {
  const { t } = useTranslation("pricing");
  const text = useSkuPrice()(item);
  return (
    <p className="acc-total" data-testid="total-price">
      {item.sku.period_unit === "year" ? t("billedYearly", { price: text }) : t("billedMonthly", { price: text })}
    </p>
  );
}
