/**
 * The credits tab (docs/behaviour/pricing-and-purchase.md#purchase-popup): on desktop two cards,
 * the monthly credit plans ('most popular') and pay as you go, each with an amount selector and
 * 'Buy now'; on phones the current credits, the pay-as-you-go list, the credit plan list (another
 * title in recommend-activity mode) and one button. Which SKUs are offered, and in which order,
 * is core's `creditSkuSets` (docs/behaviour/pricing-and-purchase.md#purchase-popup: the same on
 * both devices, different in the recommend-activity mode); the recommended SKU of each list
 * (core's `recommendedSku`) is marked and chosen first.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { flagsAtom } from "../session/session";
import { buyDialogAtom } from "./buyState";
import { creditLists, type CreditList, type PricedSku, type PricingData } from "./pricingData";
import { Discount, PerCredit, SkuPrice } from "./SkuLines";
import type { BuyFlow } from "./useBuyFlow";

function periodKey(item: PricedSku): "week" | "month" | "once" {
  return item.sku.period_unit === "week" ? "week" : item.sku.period_unit === "month" ? "month" : "once";
}

function RecommendedBadge() {
  const { t } = useTranslation("pricing");
  return (
    <span className="acc-recommended" data-testid="recommended-badge">
      {t("recommended")}
    </span>
  );
}

function AmountCard({ title, list, flow, popular, testId }: { title: string; list: CreditList; flow: BuyFlow; popular: boolean; testId: string }) {
  const { t } = useTranslation("pricing");
  const start = Math.max(
    0,
    list.items.findIndex((p) => p.index === list.recommended),
  );
  const [selected, setSelected] = useState(start);
  const item = list.items[Math.min(selected, list.items.length - 1)];
  if (!item) return null;
  return (
    <article className={`acc-card${popular ? " acc-card--popular" : ""}`} data-testid={testId}>
      {popular && <span className="acc-card__flag">{t("mostPopular")}</span>}
      <h3 className="acc-card__title">{title}</h3>
      <label className="acc-amount">
        <span>{t("amount")}</span>
        <select value={selected} onChange={(e) => setSelected(Number(e.target.value))} aria-label={t("amount")}>
          {list.items.map((p, i) => {
            const label = t(`creditsPer.${periodKey(p)}`, { count: p.info.credits ?? 0 });
            return (
              <option key={p.index} value={i}>
                {p.index === list.recommended ? t("recommendedOption", { label }) : label}
              </option>
            );
          })}
        </select>
      </label>
      <p className="acc-price">
        <SkuPrice item={item} />
        {item.index === list.recommended && <RecommendedBadge />}
      </p>
      <PerCredit item={item} />
      <Discount item={item} />
      <button type="button" className="acc-primary" data-testid={`${testId}-buy`} onClick={() => flow.buy(item)}>
        {t("buyNow")}
      </button>
    </article>
  );
}

function PhoneList({
  title,
  list,
  selected,
  onSelect,
  testId,
}: {
  title: string;
  list: CreditList;
  selected: number | null;
  onSelect: (i: number) => void;
  testId: string;
}) {
  const { t } = useTranslation("pricing");
  return (
    <section className="acc-phone-list" data-testid={testId}>
      <h3>{title}</h3>
      <div role="radiogroup" aria-label={title}>
        {list.items.map((p) => (
          <button key={p.index} type="button" role="radio" aria-checked={selected === p.index} className="acc-phone-option" onClick={() => onSelect(p.index)}>
            <span>{t(`creditsPer.${periodKey(p)}`, { count: p.info.credits ?? 0 })}</span>
            <SkuPrice item={p} />
            <Discount item={p} />
            {p.index === list.recommended && <RecommendedBadge />}
          </button>
        ))}
      </div>
    </section>
  );
}

export function CreditsTab({ data, flow, phone }: { data: PricingData; flow: BuyFlow; phone: boolean }) {
  const { t } = useTranslation("pricing");
  const flags = useAtomValue(flagsAtom);
  const { activity } = useAtomValue(buyDialogAtom);
  const { plans, packs, recommend } = creditLists(data, activity);
  const [selected, setSelected] = useState<number | null>(null);

  if (!phone) {
    // Keyed by the mode, so a dialog reopened in another mode starts on that mode's recommendation.
    return (
      <div className="acc-cards" key={String(recommend)}>
        <AmountCard title={t("monthlyCredits")} list={plans} flow={flow} popular testId="credits-monthly" />
        <AmountCard title={t("payAsYouGo")} list={packs} flow={flow} popular={false} testId="credits-payg" />
      </div>
    );
  }
  const chosen = data.priced[selected ?? packs.recommended ?? packs.items[0]?.index ?? -1];
  return (
    <div className="acc-phone-credits">
      {flags.isLogin && <p className="acc-current-credits">{t("currentCredits", { count: flags.curCredits })}</p>}
      <PhoneList title={t("payAsYouGo")} list={packs} selected={chosen?.index ?? null} onSelect={setSelected} testId="credits-phone-payg" />
      <PhoneList
        title={recommend ? t("monthlyCreditsRecommend") : t("monthlyCredits")}
        list={plans}
        selected={chosen?.index ?? null}
        onSelect={setSelected}
        testId="credits-phone-plans"
      />
      {chosen && (
        <button type="button" className="acc-primary acc-phone-buy" data-testid="credits-phone-buy" onClick={() => flow.buy(chosen)}>
          {chosen.info.isSubscription ? t("subscribe") : t("buyNow")}
        </button>
      )}
    </div>
  );
}
