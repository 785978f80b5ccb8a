/**
 * The header promo icon (docs/behaviour/ads-and-experiments.md#ads "Ads"): the main_header ad item,
 * hidden by core's rules (`headerAdIconVisible`: phone guests, dismissed, no item, subscribers on
 * the 3-day-free activity, membership-upgrade mode). Clicking opens its turn_url in a new tab; the
 * small cross dismisses it (core's dismissal key). A promo countdown runs next to it. It shows from
 * the frame after the page's first paint (`useAfterFirstPaint`): the countdown's first read of the
 * time zone is slow and the icon is never the largest element.
 */
import { headerAdIconVisible, headerAdItem } from "@aivg/core/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { followLink } from "../frame/followLink";
import { useAfterFirstPaint } from "../frame/useAfterFirstPaint";
import { useIsPhone } from "../frame/viewport";
import { buyDialogAtom } from "../pricing/buyState";
import { flagsAtom } from "../session/session";
import { bannerShownAtom, dismissModule, moduleDismissed } from "./adSlots";
import { PromoCountdown } from "./PromoCountdown";
import { useAdItems } from "./useAdItems";

export function HeaderAdIcon() {
  const { t } = useTranslation("ads");
  const navigate = useNavigate();
  const items = useAdItems();
  const phone = useIsPhone();
  const flags = useAtomValue(flagsAtom);
  const buy = useAtomValue(buyDialogAtom);
  const bannerShown = useAtomValue(bannerShownAtom);
  const [dismissed, setDismissed] = useState(() => moduleDismissed("main_header"));
  const painted = useAfterFirstPaint();
  const index = headerAdItem(items);
  const item = index === undefined ? null : items[index];
  const visible = headerAdIconVisible({
    isMobile: phone,
    isLoggedIn: flags.isLogin,
    dismissed,
    item,
    isSubscribed: flags.isSubscribed,
    membershipUpgradeMode: buy.upgradeMode && buy.open,
  });
  if (!painted || !visible || !item || bannerShown) return null;
  return (
    <div className="acc-ad-icon" data-testid="header-ad-icon">
      <button type="button" className="acc-ad-icon__open" onClick={() => followLink(item.turn_url ?? "", (to) => void navigate(to))}>
        {item.white_thumbnail ? <img src={item.white_thumbnail} alt={t("promo")} width="28" height="28" loading="lazy" decoding="async" /> : t("promo")}
        <PromoCountdown />
      </button>
      <button
        type="button"
        className="acc-ad-icon__close"
        aria-label={t("dismiss")}
        onClick={() => {
          dismissModule("main_header");
          setDismissed(true);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="12" height="12">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
