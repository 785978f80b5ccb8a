/**
 * Mounts the check-in popup (desktop panel, phone modal; z-index 500 from core) and opens it by
 * itself by core's rule: arriving from the e-mail link (pactivity) or not yet in this cycle.
 */
import { checkinShouldAutoShow, uiConstants } from "@aivg/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { AccountDialog } from "../account/AccountDialog";
import { useIsPhone } from "../frame/viewport";
import { unsolicitedOverlaysAllowed } from "../session/automation";
import { flagsAtom } from "../session/session";
import { CheckinPanel } from "./CheckinPanel";
import { checkinOpenAtom, closeCheckin, lastCheckinCloseMs, openCheckin } from "./checkinState";

const { checkinPopupZIndex } = uiConstants();

export function CheckinHost() {
  const { t } = useTranslation("checkin");
  const open = useAtomValue(checkinOpenAtom);
  const flags = useAtomValue(flagsAtom);
  const phone = useIsPhone();
  const location = useLocation();
  const pactivity = new URLSearchParams(location.search).get("pactivity");

  useEffect(() => {
    // Claiming needs login (spec 02 §5), so only signed-in visitors get the automatic popup.
    if (flags.isLogin && unsolicitedOverlaysAllowed() && checkinShouldAutoShow(pactivity, lastCheckinCloseMs(), Date.now())) openCheckin();
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
      {open && <CheckinPanel phone={phone} />}
    </AccountDialog>
  );
}
