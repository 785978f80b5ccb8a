/**
 * The free-trial floating box (spec 02 §4 "Ads"): core's `trialBoxState` decides when it shows,
 * collapses (15 s) and which text (variant B of the `free_trial` experiment); core's
 * `trialBoxClosesOn` decides which actions close it on phones. Clicking it opens the register
 * dialog for guests, else the membership tab of the buy dialog.
 */
import { trialBoxClosesOn, trialBoxState, type TrialBoxEvent, type TrialBoxUser } from "@aivg/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { isVariantB } from "../experiments/abTest";
import { useExperiment } from "../experiments/useExperiment";
import { useIsPhone } from "../frame/viewport";
import { openLoginDialog } from "../login/loginState";
import { openBuyDialog } from "../pricing/buyState";
import { flagsAtom, isNewUserAtom } from "../session/session";

export function FreeTrialBox() {
  const { t } = useTranslation("ads");
  const flags = useAtomValue(flagsAtom);
  const isNew = useAtomValue(isNewUserAtom);
  const phone = useIsPhone();
  const plan = useExperiment("free_trial");
  const user: TrialBoxUser = !flags.isLogin ? "anonymous" : isNew ? "new_user" : "returning_user";
  const startedAt = useRef(Date.now());
  const [collapsedAt, setCollapsedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const variantB = plan !== null && isVariantB(plan);
  const box = trialBoxState(user, now - startedAt.current, collapsedAt, variantB);

  useEffect(() => {
    startedAt.current = Date.now();
    setCollapsedAt(null);
  }, [user]);
  useEffect(() => {
    if (box.nextChangeMs === null) return;
    const wait = Math.max(0, box.nextChangeMs - (Date.now() - startedAt.current));
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [box.nextChangeMs, now]);

  const close = (event: TrialBoxEvent) => {
    if (trialBoxClosesOn(event, phone)) setCollapsedAt(Date.now() - startedAt.current);
  };

  useEffect(() => {
    if (!box.visible) return;
    const onDown = (e: PointerEvent) => {
      if (e.target instanceof Element && e.target.closest("[data-trial-box]")) return;
      close("outside_click");
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  });

  if (!box.visible || plan === null) return null;
  const text = box.textKey === "free_trial_box.text_plan_b" ? t("trialBoxB") : t("trialBox");
  return (
    <div className={`acc-trial-box acc-trial-box--${box.phase}`} data-trial-box="" data-testid="free-trial-box" data-login-exempt="">
      <button type="button" className="acc-trial-box__body" onClick={() => (flags.isLogin ? openBuyDialog({ tab: "membership" }) : openLoginDialog("register"))}>
        {text}
      </button>
      <button type="button" className="acc-trial-box__close" aria-label={t("dismiss")} onClick={() => close("close_button")}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="12" height="12">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
