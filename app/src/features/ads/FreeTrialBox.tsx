/**
 * The free-trial floating box (docs/behaviour/pricing-and-purchase.md#subscriptions "Ads"): core's
 * `trialBoxState` decides when it shows, collapses (15 s) and which text (variant B of the
 * `free_trial` experiment); core's `trialBoxClosesOn` decides which actions close it on phones.
 * Clicking it opens the register dialog for guests, else the membership tab of the buy dialog. It
 * shows only where the marketing answer says the visitor's country is offered the free trial
 * (docs/behaviour/pricing-and-purchase.md#subscriptions: trial countries), since the checkout
 * refuses a trial elsewhere; its clock starts once that answer is in.
 */
import { adsConstants, trialBoxClosesOn, trialBoxState, type TrialBoxEvent, type TrialBoxUser } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { isVariantB } from "../experiments/abTest";
import { useExperiment } from "../experiments/useExperiment";
import { useIsPhone } from "../frame/viewport";
import { openLoginDialog } from "../login/loginState";
import { openBuyDialog } from "../pricing/buyState";
import { unsolicitedOverlaysAllowed } from "../session/automation";
import { useMarketing } from "./useMarketing";
import { flagsAtom, isNewUserAtom } from "../session/session";

export function FreeTrialBox() {
  const flags = useAtomValue(flagsAtom);
  const isNew = useAtomValue(isNewUserAtom);
  const plan = useExperiment("free_trial");
  const marketing = useMarketing();
  const user: TrialBoxUser = !flags.isLogin ? "anonymous" : isNew ? "new_user" : "returning_user";
  if (plan === null || !marketing?.free_trial.offered || !unsolicitedOverlaysAllowed()) return null;
  // A new kind of visitor starts the box's clock again (remount).
  return <TrialBox key={user} user={user} variantB={isVariantB(plan)} />;
}

function TrialBox({ user, variantB }: { user: TrialBoxUser; variantB: boolean }) {
  const { t } = useTranslation("ads");
  const flags = useAtomValue(flagsAtom);
  const phone = useIsPhone();
  const [startedAt] = useState(() => Date.now());
  const [elapsed, setElapsed] = useState(0);
  const [collapsedAt, setCollapsedAt] = useState<number | null>(null);
  const box = trialBoxState(user, elapsed, collapsedAt, variantB);

  useEffect(() => {
    if (box.nextChangeMs === null) return;
    const wait = Math.max(0, box.nextChangeMs - (Date.now() - startedAt));
    const timer = setTimeout(() => setElapsed(Date.now() - startedAt), wait);
    return () => clearTimeout(timer);
  }, [box.nextChangeMs, startedAt]);

  useEffect(() => {
    if (!box.visible) return;
    const onDown = (e: PointerEvent) => {
      if (e.target instanceof Element && e.target.closest("[data-trial-box]")) return;
      if (trialBoxClosesOn("outside_click", phone)) {
        const now = Date.now() - startedAt;
        setCollapsedAt(now);
        setElapsed(now);
      }
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [box.visible, phone, startedAt]);

  const close = (event: TrialBoxEvent) => {
    if (!trialBoxClosesOn(event, phone)) return;
    const now = Date.now() - startedAt;
    setCollapsedAt(now);
    setElapsed(now);
  };

  if (!box.visible) return null;
  const text = box.textKey === adsConstants().trialBoxTextKeyPlanB ? t("trialBoxB") : t("trialBox");
  // Portalled to the body: the header is a containing block for fixed children (backdrop filter).
  return createPortal(
    <div className={`acc-trial-box acc-trial-box--${box.phase}`} data-trial-box="" data-testid="free-trial-box" data-login-exempt="">
      <button
        type="button"
        className="acc-trial-box__body"
        onClick={() => (flags.isLogin ? openBuyDialog({ tab: "membership" }) : openLoginDialog("register"))}
      >
        {text}
      </button>
      <button type="button" className="acc-trial-box__close" aria-label={t("dismiss")} onClick={() => close("close_button")}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="12" height="12">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>,
    document.body,
  );
}
