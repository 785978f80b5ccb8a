/** Binds a CheckinController to React and to the app (calls, login, user refresh, toasts). */
import { checkinConstants, claimCheckin, getCheckinStatus, isPhone, type CheckinPanelState } from "@aivg/core/rules";
import { checkinLoadTime, checkinPanelInitial } from "@aivg/core/later";
import { useEffect, useState } from "react";
import { i18n } from "../../i18n/setup";
import { appStore } from "../../state/jotai";
import { openLoginDialog } from "../login/loginState";
import { showToast } from "../overlays/toasts";
import { flagsAtom, refreshUser } from "../session/session";
import { track } from "../session/track";
import { CHECKIN_CODE } from "./checkinCode";
import { CheckinController } from "./checkinController";

export function useCheckin(): { state: CheckinPanelState; claim: () => void } {
  const [state, setState] = useState<CheckinPanelState>(checkinPanelInitial);
  const [controller] = useState(
    () =>
      new CheckinController(
        {
          fetchStatus: () => getCheckinStatus({ code: CHECKIN_CODE }),
          claim: () => claimCheckin({ code: CHECKIN_CODE }),
          openLogin: () => openLoginDialog("login"),
          refreshUser: () => void refreshUser(appStore),
          track: (name) => track(name),
          // Core's fixed texts are shown translated; the server's claim message verbatim
          // (docs/behaviour/calls-and-errors.md#messages).
          toast: (kind, text) => showToast(kind, text === checkinConstants().failToastText ? i18n.t("checkin:failToast") : text),
          isLoggedIn: () => appStore.get(flagsAtom).isLogin,
          isPhone: () => isPhone(window.innerWidth),
        },
        setState,
      ),
  );
  useEffect(() => {
    const started = performance.now();
    void controller.load().then(() => {
      // docs/behaviour/credits-and-checkin.md#daily-check-in: load time counts only when above 0
      // and under 30000 ms (core decides).
      const load = checkinLoadTime(performance.now() - started);
      track("checkin_panel_load", { duration: load.durationMs, counted: load.counted });
    });
  }, [controller]);
  return { state, claim: () => void controller.claim() };
}
