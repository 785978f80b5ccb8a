/**
 * Mounts the check-in popup (desktop panel, phone modal; z-index 500 from core) and opens it by
 * itself by core's `checkinAutoShow`: arriving from the e-mail link (pactivity), or not checked
 * in this cycle (the server's status; unknown for guests, who are prompted too) and not closed
 * in this cycle.
 */
import { checkinAutoShow, checkinStatus, getCheckinStatus, uiConstants } from "@aivg/core/rules";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { appStore, useAtomValue } from "../../state/jotai";
import { AccountDialog } from "../account/AccountDialog";
import { useIsPhone } from "../frame/viewport";
import { unsolicitedOverlaysAllowed } from "../session/automation";
import { flagsAtom } from "../session/session";
import { CHECKIN_CODE } from "./checkinCode";
import { checkinDecidingAtom, checkinOpenAtom, closeCheckin, lastCheckinCloseMs, openCheckin } from "./checkinState";

const { checkinPopupZIndex } = uiConstants();
/** The panel loads when the check-in dialog first opens, not with the page. */
const CheckinPanel = lazy(() => import("./CheckinPanel").then((m) => ({ default: m.CheckinPanel })));

export function CheckinHost() {
  const { t } = useTranslation("checkin");
  const open = useAtomValue(checkinOpenAtom);
  const flags = useAtomValue(flagsAtom);
  const phone = useIsPhone();
  const location = useLocation();
  const pactivity = new URLSearchParams(location.search).get("pactivity");

  useEffect(() => {
    if (!unsolicitedOverlaysAllowed()) {
      appStore.set(checkinDecidingAtom, false);
      return;
    }
    let live = true;
    appStore.set(checkinDecidingAtom, true);
    const decide = (checkedIn: boolean | null) => {
      if (!live) return;
      if (checkinAutoShow(pactivity, checkedIn, lastCheckinCloseMs(), Date.now())) openCheckin();
      appStore.set(checkinDecidingAtom, false);
    };
    if (!flags.isLogin) decide(null);
    else
      getCheckinStatus({ code: CHECKIN_CODE })
        .then((status) => decide(checkinStatus(status) === "checked_in"))
        .catch((error: unknown) => {
          console.warn("check-in status for the automatic popup failed", error);
          decide(null);
        });
    return () => {
      live = false;
      appStore.set(checkinDecidingAtom, false);
    };
  }, [flags.isLogin, pactivity]);

  return (
    <AccountDialog
      open={open}
      onClose={() => closeCheckin()}
      title={t("title")}
      className={phone ? "acc-checkin-modal" : "acc-checkin-panel"}
      zIndex={checkinPopupZIndex}
      testId="checkin-dialog"
    >
      {open && (
        <Suspense fallback={null}>
          <CheckinPanel phone={phone} />
        </Suspense>
      )}
    </AccountDialog>
  );
}
