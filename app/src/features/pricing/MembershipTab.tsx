/**
 * The membership tab (docs/behaviour/pricing-and-purchase.md#purchase-popup): plan C (standard and
 * premium cards of the chosen period, monthly/yearly switch, default yearly in batch 2, card order
 * by core for phones) or plan B (a monthly and a yearly card: standard in batch 1, else premium).
 * Each card: title, price per month, total line, subscribe, auto-renew note, the 3-day trial
 * checkbox when core allows it, and the benefits with tick or cross (core's `planBenefits`: what
 * the tier really gets, a row the tier lacks crossed, so the cards differ where the plans do). The
 * recommended card (core's
 * `recommendedSku`: the highest-discount SKU of docs/behaviour/pricing-and-purchase.md#skus when
 * shown, else the largest discount) carries a badge.
 */
import { type MembershipPeriod, pricingConstants } from "@aivg/core/rules";
import {
  defaultMembershipPeriod,
  freeTrialSelectorVisible,
  membershipSkuFilter,
  planBCards,
  planBenefits,
  planCCards,
  recommendedSku,
  type PlanBenefit,
} from "@aivg/core/later";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { flagsAtom } from "../session/session";
import { buyDialogAtom } from "./buyState";
import type { BuyFlow } from "./useBuyFlow";
import type { PricedSku, PricingData } from "./pricingData";
import { Discount, MonthlyPrice, TotalLine } from "./SkuLines";
import "../overlays/modals.css";

/** One benefit row's text: its count, or the standard plan's minutes of each metered tool. */
function BenefitText({ row }: { row: PlanBenefit }) {
  const { t } = useTranslation("pricing");
  const [translate, denoise, vocal] = row.minutes;
  return <>{t(`benefit.${row.key}` as "benefit.monthly_credits", { count: row.count ?? 0, translate, denoise, vocal })}</>;
}

function PlanCard({ item, flow, popular, recommended }: { item: PricedSku; flow: BuyFlow; popular: boolean; recommended: boolean }) {
  const { t } = useTranslation("pricing");
  const flags = useAtomValue(flagsAtom);
  const showTrial = freeTrialSelectorVisible(flags.isSubscribed, item.sku);
  return (
    <article className={`acc-card${popular ? " acc-card--popular" : ""}`} data-testid={`plan-${item.info.planLabel}`}>
      {popular && <span className="acc-card__flag">{t("mostPopular")}</span>}
      <h3 className="acc-card__title">{t(`planLabel.${item.info.planLabel}`, { defaultValue: item.sku.sub_tpl_name ?? "" })}</h3>
      {recommended && (
        <span className="acc-recommended" data-testid="recommended-badge">
          {t("recommended")}
        </span>
      )}
      <MonthlyPrice item={item} />
      <TotalLine item={item} />
      <Discount item={item} />
      <button type="button" className="acc-primary" onClick={() => flow.buy(item)}>
        {showTrial && flow.trial[item.index] ? t("startTrial") : t("subscribe")}
      </button>
      <p className="acc-note">{t("autoRenew")}</p>
      {showTrial && (
        <label className="acc-trial">
          <input type="checkbox" checked={flow.trial[item.index] === true} onChange={(e) => flow.setTrial(item.index, e.target.checked)} />
          {t("freeTrial", { days: pricingConstants().freeTrialDays })}
        </label>
      )}
      <ul className="acc-benefits" data-testid="plan-benefits">
        {planBenefits(item.sku).map((row) => (
          <li key={row.key} data-included={row.included} data-benefit={row.key}>
            <span aria-hidden="true">{row.included ? "✓" : "✕"}</span>
            <BenefitText row={row} />
            <span className="visually-hidden">{row.included ? t("included") : t("notIncluded")}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

export function MembershipTab({ data, flow, layout, phone }: { data: PricingData; flow: BuyFlow; layout: "B" | "C"; phone: boolean }) {
  const { t } = useTranslation("pricing");
  const [period, setPeriod] = useState<MembershipPeriod>(() => defaultMembershipPeriod(data.batch));
  // Upgrade mode (a standard subscriber's "Upgrade"): only the standard tier's SKUs
  // (docs/behaviour/pricing-and-purchase.md#subscriptions "Membership SKU filtered by type standard
  // (upgrade mode) or premium"), in either layout; plan B then shows the standard monthly and
  // yearly cards (its batch-1 choice).
  const { upgradeMode } = useAtomValue(buyDialogAtom);
  const allowed = upgradeMode ? new Set(membershipSkuFilter(data.skus, true)) : null;
  const cards: number[] = (
    layout === "B"
      ? (() => {
          const b = planBCards(data.skus, upgradeMode ? 1 : data.batch);
          return [b.monthly, b.yearly].filter((i): i is number => i !== null);
        })()
      : planCCards(data.skus, period, phone)
  ).filter((i) => allowed === null || allowed.has(i));
  const items = cards.map((i) => data.priced[i]).filter((p): p is PricedSku => p !== undefined);
  const recommended = recommendedSku(data.skus, cards, data.country);
  return (
    <div className="acc-membership">
      {layout === "C" && (
        <div className="acc-period" role="radiogroup" aria-label={t("period")}>
          {(["monthly", "yearly"] as const).map((p) => (
            <button key={p} type="button" role="radio" aria-checked={period === p} className="aivg-chip" onClick={() => setPeriod(p)}>
              {t(`periodName.${p}`)}
            </button>
          ))}
        </div>
      )}
      <div className="acc-cards">
        {items.map((item) => (
          <PlanCard
            key={item.index}
            item={item}
            flow={flow}
            popular={layout === "C" ? item.info.tier === "premium" : item.sku.period_unit === "year"}
            recommended={item.index === recommended}
          />
        ))}
      </div>
    </div>
  );
}
