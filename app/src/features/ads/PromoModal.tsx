/**
 * The promotion modal (docs/behaviour/ads-and-experiments.md#ads "Ads"): the offers of the
 * visitor's funnel stages, top first (core's `promoOffers`: guests acquisition first, free users
 * activation first, subscribers revenue first), drawn as a fanned stack where each offer's stacking
 * order is its virtual discount layer (1000 plus 10 per rank below the top). It opens by itself at
 * most once per 1440 minutes (core's `promoModalMayShow`; the time is recorded when it shows).
 *
 * Decisions (the spec gives the rules, not the moment): one unsolicited popup per page load, so
 * the modal waits until the check-in and the daily ad popup have been decided and stays away
 * when either of them, or any dialog the visitor opened, was shown in this page load; like the
 * other unsolicited overlays it is not shown to automated browsers unless the QA switch is on.
 * The spec's "promotional content is hidden for logged-in users" is read as the page's CMS
 * promotions (docs/behaviour/accounts-and-sessions.md#logged-in-test); this modal follows the
 * funnel, which names free and vip users.
 */
import { pricingConstants, promoOffers, routePath, type PromoAction, type PromoOffer, type UserType } from "@aivg/core/rules";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAtom, useAtomValue } from "../../state/jotai";
import { AccountDialog } from "../account/AccountDialog";
import { checkinDecidingAtom, checkinOpenAtom, openCheckin } from "../checkin/checkinState";
import { languageAtom } from "../language/state";
import { loginDialogAtom, openLoginDialog } from "../login/loginState";
import { buyDialogAtom, openBuyDialog } from "../pricing/buyState";
import { unsolicitedOverlaysAllowed } from "../session/automation";
import { flagsAtom } from "../session/session";
import { adPopupStateAtom } from "./adSlots";
import { markPromoModalShown, promoModalDue, promoModalOpenAtom } from "./promoModalState";

function OfferCard({ offer, top, onTake }: { offer: PromoOffer; top: boolean; onTake: (action: PromoAction) => void }) {
  const { t } = useTranslation("ads");
  return (
    <li
      className={`acc-offer${top ? " acc-offer--top" : ""}`}
      style={{ zIndex: offer.layer }}
      data-testid={`promo-offer-${offer.action}`}
      data-stage={offer.stage}
    >
      <h3 className="acc-offer__title">{t(`offer.${offer.action}.title`)}</h3>
      <p className="acc-offer__text">{t(`offer.${offer.action}.text`)}</p>
      <button type="button" className={top ? "acc-primary" : "acc-secondary"} onClick={() => onTake(offer.action)}>
        {t(`offer.${offer.action}.button`)}
      </button>
    </li>
  );
}

export function PromoModal() {
  const { t } = useTranslation("ads");
  const navigate = useNavigate();
  const flags = useAtomValue(flagsAtom);
  const language = useAtomValue(languageAtom);
  const login = useAtomValue(loginDialogAtom);
  const buy = useAtomValue(buyDialogAtom);
  const checkin = useAtomValue(checkinOpenAtom);
  const checkinDeciding = useAtomValue(checkinDecidingAtom);
  const adPopup = useAtomValue(adPopupStateAtom);
  const [open, setOpen] = useAtom(promoModalOpenAtom);
  const decided = useRef(false);
  const otherShown = useRef(false);

  const busy = login.open || buy.open || checkin;
  useEffect(() => {
    if (busy || adPopup === "shown") otherShown.current = true;
  }, [busy, adPopup]);
  useEffect(() => {
    if (decided.current || busy || checkinDeciding || adPopup === "pending") return;
    decided.current = true;
    if (otherShown.current || adPopup === "shown" || !unsolicitedOverlaysAllowed()) return;
    const now = Date.now();
    if (!promoModalDue(now)) return;
    markPromoModalShown(now);
    setOpen(true);
  }, [busy, checkinDeciding, adPopup, setOpen]);

  const take = (action: PromoAction) => {
    setOpen(false);
    if (action === "signUp") openLoginDialog("register");
    else if (action === "create") void navigate(routePath("ImageToVideo", {}, language));
    else if (action === "buyRecommended") openBuyDialog({ tab: "credits", activity: pricingConstants().recommendActivity });
    else openCheckin();
  };
  const offers = promoOffers(flags.planLevel as UserType);
  return (
    <AccountDialog open={open} onClose={() => setOpen(false)} title={t("offersTitle")} className="acc-promo-modal" testId="promo-modal">
      <ol className="acc-offers">
        {offers.map((offer, rank) => (
          <OfferCard key={offer.stage} offer={offer} top={rank === 0} onTake={take} />
        ))}
      </ol>
    </AccountDialog>
  );
}
