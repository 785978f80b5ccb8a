/**
 * Wires the prelaunch promotion (prelaunch.ts) into the page: every navigation reads the
 * campaign query; the user's uid (promoUidAtom, filled by the account feature) drives login or
 * apply; the progress modal (core's simulated progress) shows while the call runs and the
 * outcome modal after. Leaving the page (pagehide) keeps an unprocessed campaign pending.
 */
import { applyActivity, prelaunchOutcome } from "@aivg/core/rules";
import { lazy } from "react";
import { i18n } from "../../i18n/setup";
import type { RouteChange } from "../../routes/route-change";
import { appStore } from "../../state/jotai";
import { closeModal, openCustomModal, openModal } from "../overlays/modalAtoms";
import { requestLogin } from "./loginRequest";
import { trackActivityExpose, trackActivityStatus } from "../analytics";
import { hasPromoQuery, PrelaunchPromo, PROMO_ACTIVITY_CODE } from "./prelaunch";
import { promoUidAtom } from "./promoUser";

/** The outcome modal, loaded when a campaign has an outcome to show (the modal host waits for it). */
const PromoResultModal = lazy(() => import("./PromoResultModal").then((m) => ({ default: m.PromoResultModal })));

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

let promo: PrelaunchPromo | undefined;

function start(): PrelaunchPromo {
  const p = new PrelaunchPromo({
    storage: sessionStore(),
    apply: async () => {
      const answer = await applyActivity({ code: PROMO_ACTIVITY_CODE });
      // Activity task status of docs/behaviour/ads-and-experiments.md#promotions: success,
      // duplicate or failed (ended counts as failed).
      const outcome = prelaunchOutcome(answer.state);
      trackActivityStatus(PROMO_ACTIVITY_CODE, outcome === "ended" ? "failed" : outcome);
      return answer;
    },
    requestLogin: () => requestLogin("login"),
    showProgress: () => {
      const id = openModal("progress", {
        title: i18n.t("promo:applying.title"),
        description: i18n.t("promo:applying.message"),
      });
      return () => closeModal(id);
    },
    showOutcome: (outcome) => void openCustomModal(PromoResultModal, { outcome }),
    warn: (message, error) => console.warn(message, error),
  });
  appStore.sub(promoUidAtom, () => void p.onUser(appStore.get(promoUidAtom)));
  window.addEventListener("pagehide", () => p.onUnmount(window.location.search));
  return p;
}

export function onRouteChange({ current }: RouteChange): void {
  promo ??= start();
  if (hasPromoQuery(current.search)) trackActivityExpose(PROMO_ACTIVITY_CODE);
  promo.onQuery(current.search);
  void promo.onUser(appStore.get(promoUidAtom));
}
