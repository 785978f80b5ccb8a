/**
 * The check-in popup's content (docs/behaviour/credits-and-checkin.md#daily-check-in): reward,
 * status, the claim button (disabled once checked in, busy while loading), the failure text,
 * 'Create' (image to image with exploreId=1448), 'Upgrade' for non-subscribers (subscription popup)
 * and the floating ad icon (turn_url in a new tab). A signed-out visitor cannot check in
 * (docs/behaviour/credits-and-checkin.md#daily-check-in: a check-in requires login): their panel
 * asks nothing of the server (the status is an account call) and offers "Log in to check in",
 * which opens the log-in dialog, with the reward a new free account gets
 * (docs/behaviour/accounts-and-sessions.md#signed-out-visitors).
 */
import { checkinConstants, routePath } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { useAdItems } from "../ads/useAdItems";
import { languageAtom } from "../language/state";
import { openLoginDialog } from "../login/loginState";
import { openBuyDialog } from "../pricing/buyState";
import { flagsAtom } from "../session/session";
import { closeCheckin } from "./checkinState";
import { useCheckin } from "./useCheckin";

/** docs/behaviour/credits-and-checkin.md#daily-check-in: 'Create' opens image to image with this explore item. */
const CREATE_EXPLORE_ID = String(checkinConstants().createExploreId);

export function CheckinPanel({ phone }: { phone: boolean }) {
  const flags = useAtomValue(flagsAtom);
  return flags.isLogin ? <MemberCheckin phone={phone} /> : <GuestCheckin phone={phone} />;
}

/** The panel of a signed-out visitor: no status call, the log-in dialog instead of a claim. */
function GuestCheckin({ phone }: { phone: boolean }) {
  const { t } = useTranslation("checkin");
  return (
    <div className="acc-checkin" data-testid="checkin-panel" data-status="signed_out">
      <p className="acc-checkin__reward">{t("reward", { count: checkinConstants().creditsFree })}</p>
      <p className="acc-checkin__status" data-testid="checkin-status">
        {t("guestStatus")}
      </p>
      <button type="button" className="acc-primary" data-testid="checkin-login" onClick={() => openLoginDialog("login")}>
        {t("guestLogin")}
      </button>
      <CheckinExtras phone={phone} />
    </div>
  );
}

function MemberCheckin({ phone }: { phone: boolean }) {
  const { t } = useTranslation("checkin");
  const { state, claim } = useCheckin();
  const checkedIn = state.status === "checked_in";

  return (
    <div className="acc-checkin" data-testid="checkin-panel" data-status={state.status}>
      <p className="acc-checkin__reward">{t("reward", { count: state.credits })}</p>
      <p className="acc-checkin__status" data-testid="checkin-status">
        {checkedIn ? t("checkedIn") : t("notYet")}
      </p>
      {state.error && (
        <p className="acc-checkin__error" role="alert">
          {state.error === checkinConstants().fetchFailedText ? t("fetchFailed") : state.error === checkinConstants().failedText ? t("failed") : state.error}
        </p>
      )}
      <button
        type="button"
        className="acc-primary"
        data-testid="checkin-claim"
        disabled={state.disabled || state.loading}
        aria-busy={state.loading}
        onClick={claim}
      >
        {state.loading ? t("loading") : checkedIn ? t("checkedInButton") : t("claim", { count: state.credits })}
      </button>
      <CheckinExtras phone={phone} />
    </div>
  );
}

/** 'Create', 'Upgrade' for non-subscribers and the ad icon: the same for every visitor. */
function CheckinExtras({ phone }: { phone: boolean }) {
  const { t } = useTranslation("checkin");
  const flags = useAtomValue(flagsAtom);
  const language = useAtomValue(languageAtom);
  const navigate = useNavigate();
  const ads = useAdItems();
  const ad = ads.find((item) => item.module === (phone ? "hooks_banner_mobile" : "studio_footer"));
  return (
    <>
      <div className="acc-checkin__actions">
        <button
          type="button"
          className="acc-secondary"
          onClick={() => {
            closeCheckin();
            void navigate(`${routePath("ImageToImage", {}, language)}?exploreId=${CREATE_EXPLORE_ID}`);
          }}
        >
          {t("create")}
        </button>
        {!flags.isSubscribed && (
          <button
            type="button"
            className="acc-secondary"
            onClick={() => {
              closeCheckin();
              openBuyDialog({ tab: "membership" });
            }}
          >
            {t("upgrade")}
          </button>
        )}
      </div>
      {!flags.isSubscribed && <p className="acc-checkin__hint">{t("upgradeHint")}</p>}
      {ad?.turn_url && (
        <button type="button" className="acc-checkin__ad" aria-label={t("adLabel")} onClick={() => window.open(ad.turn_url ?? "", "_blank", "noopener")}>
          {ad.white_thumbnail ? <img src={ad.white_thumbnail} alt="" loading="lazy" decoding="async" /> : t("adLabel")}
        </button>
      )}
    </>
  );
}
