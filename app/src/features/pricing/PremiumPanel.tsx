/**
 * For premium users (docs/behaviour/pricing-and-purchase.md#purchase-popup): the premium panel
 * (current plan and credits), the 15% coupon block (claim call `POST /v1/buy/coupon/receive` with
 * core's default coupon id; success toast with the 15 percent detail, error toast with the coupon
 * error, docs/behaviour/pricing-and-purchase.md#coupons) and the note that more credits can be
 * bought separately.
 */
import { receiveCoupon, pricingConstants } from "@aivg/core/rules";

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { showToast } from "../overlays/toasts";
import { flagsAtom, userAtom } from "../session/session";

export function PremiumPanel() {
  const { t } = useTranslation("pricing");
  const flags = useAtomValue(flagsAtom);
  const user = useAtomValue(userAtom);
  const [busy, setBusy] = useState(false);
  if (!flags.isPremium) return null;
  const { couponPercent, defaultCouponId } = pricingConstants();
  const plan = user?.subscribe?.find((s) => !s.is_expired)?.name ?? t("planLabel.premium_monthly");
  const claim = () => {
    setBusy(true);
    receiveCoupon({ coupon_id: defaultCouponId })
      .then(
        () => showToast("success", t("couponSuccess", { percent: couponPercent })),
        (error: unknown) => {
          console.warn("coupon claim failed", error);
          showToast("error", t("couponError"));
        },
      )
      .finally(() => setBusy(false));
  };
  return (
    <section className="acc-premium" data-testid="premium-panel">
      <p>
        <strong>{t("currentPlan", { plan })}</strong>
      </p>
      <p>{t("currentCredits", { count: flags.curCredits })}</p>
      <div className="acc-coupon">
        <span>{t("couponText", { percent: couponPercent })}</span>
        <button type="button" className="acc-primary" disabled={busy} onClick={claim}>
          {t("couponClaim", { percent: couponPercent })}
        </button>
      </div>
      <p className="acc-note">{t("moreCreditsNote")}</p>
    </section>
  );
}
