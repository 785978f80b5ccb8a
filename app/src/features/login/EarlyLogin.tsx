/**
 * The early-login experiment (docs/behaviour/accounts-and-sessions.md#log-in): for anonymous
 * visitors in variant B of `early_login`, any click opens the login dialog, except on the login
 * button, the consent box or elements marked `data-login-exempt`.
 */
import { useEffect } from "react";
import { useAtomValue } from "../../state/jotai";
import { isVariantB } from "../experiments/abTest";
import { useExperiment } from "../experiments/useExperiment";
import { unsolicitedOverlaysAllowed } from "../session/automation";
import { flagsAtom } from "../session/session";
import { loginDialogAtom, openLoginDialog } from "./loginState";

const EXEMPT = "[data-login-exempt], [data-login-button], [data-consent-box], [role='dialog']";

export function EarlyLogin() {
  const flags = useAtomValue(flagsAtom);
  const dialog = useAtomValue(loginDialogAtom);
  const plan = useExperiment("early_login");
  const active = !flags.isLogin && plan !== null && isVariantB(plan) && !dialog.open && unsolicitedOverlaysAllowed();
  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(EXEMPT)) return;
      event.preventDefault();
      event.stopPropagation();
      openLoginDialog("login");
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [active]);
  return null;
}
