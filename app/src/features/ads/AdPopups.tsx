/**
 * The ad slots of docs/behaviour/ads-and-experiments.md#ads: the PC popup (logged in, not a phone),
 * the mobile popup (phones only) and the PC header banner (not a phone). Each shows at most once a
 * day and not within 24 h of a close (core's `adSlotVisible`); showing stores lastShownDate,
 * closing stores closedAt, so suppression survives reloads. Popups wait until no other account
 * dialog is open.
 */
import type { AdItem, AdSlot } from "@aivg/core/rules";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/jotai";
import { AccountDialog } from "../account/AccountDialog";
import { checkinDecidingAtom, checkinOpenAtom } from "../checkin/checkinState";
import { followLink } from "../frame/followLink";
import { useIsPhone } from "../frame/viewport";
import { loginDialogAtom } from "../login/loginState";
import { buyDialogAtom } from "../pricing/buyState";
import { unsolicitedOverlaysAllowed } from "../session/automation";
import { flagsAtom } from "../session/session";
import { adPopupStateAtom, bannerShownAtom, markSlotClosed, markSlotShown, slotVisible } from "./adSlots";
import { promoModalOpenAtom } from "./promoModalState";
import { loadAdItems } from "./useAdItems";

/** Which ad item each slot shows (the spec lists modules and slots, not the pairing). */
const SLOT_MODULE: Record<AdSlot, string> = { pc_popup: "studio_footer", mobile_popup: "hooks_banner_mobile", banner: "main_header" };

function useSlot(slot: AdSlot, ready: boolean, onDecided?: (shown: boolean) => void): [AdItem | null, () => void] {
  const flags = useAtomValue(flagsAtom);
  const phone = useIsPhone();
  const [shown, setShown] = useState<AdItem | null>(null);
  useEffect(() => {
    if (shown || !ready || !unsolicitedOverlaysAllowed()) return;
    let live = true;
    void loadAdItems(phone).then((items) => {
      if (!live) return;
      const item = items.find((i) => i.module === SLOT_MODULE[slot]);
      if (!item || !slotVisible(slot, flags.isLogin, phone)) {
        onDecided?.(false);
        return;
      }
      markSlotShown(slot);
      setShown(item);
      onDecided?.(true);
    });
    return () => {
      live = false;
    };
  }, [shown, ready, slot, flags.isLogin, phone, onDecided]);
  const close = () => {
    markSlotClosed(slot);
    setShown(null);
  };
  return [shown, close];
}

function AdBody({ item, slot }: { item: AdItem; slot: AdSlot }) {
  const { t } = useTranslation("ads");
  const navigate = useNavigate();
  return (
    <button type="button" className="acc-ad-body" data-testid={`ad-${slot}`} onClick={() => followLink(item.turn_url ?? "", (to) => void navigate(to))}>
      {item.white_thumbnail ? <img src={item.white_thumbnail} alt={t("promo")} loading="lazy" decoding="async" /> : t("promo")}
    </button>
  );
}

export function AdPopups() {
  const { t } = useTranslation("ads");
  const phone = useIsPhone();
  const login = useAtomValue(loginDialogAtom);
  const buy = useAtomValue(buyDialogAtom);
  const checkin = useAtomValue(checkinOpenAtom);
  const checkinDeciding = useAtomValue(checkinDecidingAtom);
  const promoOpen = useAtomValue(promoModalOpenAtom);
  const setPopupState = useSetAtom(adPopupStateAtom);
  const quiet = !login.open && !buy.open && !checkin && !checkinDeciding && !promoOpen;
  const onDecided = useCallback((shown: boolean) => setPopupState((s) => (s === "shown" ? s : shown ? "shown" : "none")), [setPopupState]);
  const [popup, closePopup] = useSlot(phone ? "mobile_popup" : "pc_popup", quiet, onDecided);
  const popupSlot: AdSlot = phone ? "mobile_popup" : "pc_popup";
  return (
    <AccountDialog open={popup !== null} onClose={closePopup} title={t("popupTitle")} className="acc-ad-popup" testId="ad-popup">
      {popup && <AdBody item={popup} slot={popupSlot} />}
    </AccountDialog>
  );
}

export function AdBanner() {
  const { t } = useTranslation("ads");
  const phone = useIsPhone();
  const [banner, closeBanner] = useSlot("banner", !phone);
  const setBannerShown = useSetAtom(bannerShownAtom);
  const showing = banner !== null && !phone;
  useEffect(() => setBannerShown(showing), [showing, setBannerShown]);
  if (!banner || phone) return null;
  return (
    <div className="acc-ad-banner" data-testid="ad-banner">
      <AdBody item={banner} slot="banner" />
      <button type="button" className="acc-ad-icon__close" aria-label={t("dismiss")} onClick={closeBanner}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="12" height="12">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
