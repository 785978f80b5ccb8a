/**
 * The credits tab (spec 02 §2): on desktop two cards, the monthly credit plans ('most popular')
 * and pay as you go, each with an amount selector and 'Buy now'; on phones the current credits,
 * the pay-as-you-go list, the monthly credit plan list (another title in recommend-activity mode)
 * and one button. Credit SKUs are ordered by core (`creditSkuOrder`: ascending, descending in
 * batch 2).
 */
import { creditSkuOrder, skuPriceText } from "@aivg/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { flagsAtom } from "../session/session";
import { buyDialogAtom } from "./buyState";
import { creditSkus, splitCredits, type PricedSku, type PricingData } from "./pricingData";
import { Discount, PerCredit } from "./SkuLines";
import type { BuyFlow } from "./useBuyFlow";

function ordered(list: PricedSku[], batch: number): PricedSku[] {
  return creditSkuOrder(
    list.map((p) => p.sku),
    batch,
  )
    .map((i) => list[i])
    .filter((p): p is PricedSku => p !== undefined);
}

function periodKey(item: PricedSku): "week" | "month" | "once" {
  return item.sku.period_unit === "week" ? "week" : item.sku.period_unit === "month" ? "month" : "once";
}

function AmountCard({ title, list, flow, popular, testId }: { title: string; list: PricedSku[]; flow: BuyFlow; popular: boolean; testId: string }) {
  const { t } = useTranslation("pricing");
  const [selected, setSelected] = useState(0);
  const item = list[Math.min(selected, list.length - 1)];
  if (!item) return null;
  return (
    <article className={`acc-card${popular ? " acc-card--popular" : ""}`} data-testid={testId}>
      {popular && <span className="acc-card__flag">{t("mostPopular")}</span>}
      <h3 className="acc-card__title">{title}</h3>
      <label className="acc-amount">
        <span>{t("amount")}</span>
        <select value={selected} onChange={(e) => setSelected(Number(e.target.value))} aria-label={t("amount")}>
          {list.map((p, i) => (
            <option key={p.index} value={i}>
              {t(`creditsPer.${periodKey(p)}`, { count: p.info.credits ?? 0 })}
            </option>
          ))}
        </select>
      </label>
      <p className="acc-price">
        <strong>{skuPriceText(item.sku)}</strong>
      </p>
      <PerCredit item={item} />
      <Discount item={item} />
      <button type="button" className="acc-primary" data-testid={`${testId}-buy`} onClick={() => flow.buy(item)}>
        {t("buyNow")}
      </button>
    </article>
  );
}

function PhoneList({ title, list, selected, onSelect }: { title: string; list: PricedSku[]; selected: number | null; onSelect: (i: number) => void }) {
  const { t } = useTranslation("pricing");
  return (
    <section className="acc-phone-list">
      <h3>{title}</h3>
      <div role="radiogroup" aria-label={title}>
        {list.map((p) => (
          <button key={p.index} type="button" role="radio" aria-checked={selected === p.index} className="acc-phone-option" onClick={() => onSelect(p.index)}>
            <span>{t(`creditsPer.${periodKey(p)}`, { count: p.info.credits ?? 0 })}</span>
            <strong>{skuPriceText(p.sku)}</strong>
            <Discount item={p} />
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
  const { plans, packs } = splitCredits(creditSkus(data));
  const monthly = ordered(plans, data.batch);
  const payg = ordered(packs, data.batch);
  const [selected, setSelected] = useState<number | null>(null);

  if (!phone) {
    return (
      <div className="acc-cards">
        <AmountCard title={t("monthlyCredits")} list={monthly} flow={flow} popular testId="credits-monthly" />
        <AmountCard title={t("payAsYouGo")} list={payg} flow={flow} popular={false} testId="credits-payg" />
      </div>
    );
  }
  const chosen = data.priced[selected ?? payg[0]?.index ?? -1];
  return (
    <div className="acc-phone-credits">
      {flags.isLogin && <p className="acc-current-credits">{t("currentCredits", { count: flags.curCredits })}</p>}
      <PhoneList title={t("payAsYouGo")} list={payg} selected={chosen?.index ?? null} onSelect={setSelected} />
      <PhoneList title={activity === "recommend" ? t("monthlyCreditsRecommend") : t("monthlyCredits")} list={monthly} selected={chosen?.index ?? null} onSelect={setSelected} />
      {chosen && (
        <button type="button" className="acc-primary acc-phone-buy" data-testid="credits-phone-buy" onClick={() => flow.buy(chosen)}>
          {chosen.info.isSubscription ? t("subscribe") : t("buyNow")}
        </button>
      )}
    </div>
  );
}
