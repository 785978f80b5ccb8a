/**
 * The account parts of the header (docs/behaviour/languages-and-routes.md#page-frame): header promo
 * icon, check-in gift, discord entry, the purchase button with credit count and plan badge, and the
 * login button (an icon on phones) or the avatar opening the account popover (bottom-end, click).
 * The dialogs of the account features mount here too, once. The frame's header renders it.
 */
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { AdBanner, AdPopups } from "../ads/AdPopups";
import { FreeTrialBox } from "../ads/FreeTrialBox";
import { HeaderAdIcon } from "../ads/HeaderAdIcon";
import { PromoModal } from "../ads/PromoModal";
import { CheckinGiftButton } from "../checkin/CheckinGiftButton";
import { CheckinHost } from "../checkin/CheckinHost";
import { CreditHistoryDialog } from "../credits/CreditHistoryDialog";
import { useIsPhone } from "../frame/viewport";
import { EarlyLogin } from "../login/EarlyLogin";
import { LoginDialog } from "../login/LoginDialog";
import { openLoginDialog } from "../login/loginState";
import { BuyDialogHost } from "../pricing/BuyDialogHost";
import { openBuyDialog } from "../pricing/buyState";
import { flagsAtom, userAtom } from "../session/session";
import { ApiKeysDialog } from "./ApiKeysDialog";
import { useAccountLinks } from "./links";
import "./account.css";

/** The account popover, loaded once a signed-in header renders (not for visitors). */
const AccountMenu = lazy(() => import("./AccountMenu"));

function UserIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  );
}

function Avatar() {
  const user = useAtomValue(userAtom);
  const flags = useAtomValue(flagsAtom);
  const initial = (flags.displayName || "?").slice(0, 1).toUpperCase();
  return user?.avatar ? (
    <img className="acc-avatar" src={user.avatar} alt="" width="32" height="32" loading="lazy" decoding="async" />
  ) : (
    <span className="acc-avatar acc-avatar--initial" aria-hidden="true">
      {initial}
    </span>
  );
}

export function HeaderAccount() {
  const { t } = useTranslation("account");
  const flags = useAtomValue(flagsAtom);
  const phone = useIsPhone();
  const links = useAccountLinks();
  // A click while the popover's code loads is kept: the popover opens as soon as it is there.
  const [clickedWhileLoading, setClickedWhileLoading] = useState(false);
  const avatarButton = (onClick?: () => void) => (
    <button type="button" className="acc-avatar-button" aria-label={t("accountMenu")} data-testid="avatar-button" onClick={onClick}>
      <Avatar />
    </button>
  );
  return (
    <div className="acc-header" data-testid="header-account">
      <AdBanner />
      <HeaderAdIcon />
      <CheckinGiftButton />
      {!phone && links.discord && (
        <a className="acc-icon-link" href={links.discord} target="_blank" rel="noreferrer" aria-label={t("discord")}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="currentColor">
            <path d="M19.5 5.3A16 16 0 0 0 15.6 4l-.5 1a15 15 0 0 0-6.2 0l-.5-1a16 16 0 0 0-3.9 1.3C2 9.1 1.4 12.8 1.7 16.4A16 16 0 0 0 6.5 19l1-1.6c-.6-.2-1.1-.5-1.6-.8l.4-.3a11 11 0 0 0 11.4 0l.4.3-1.6.8 1 1.6a16 16 0 0 0 4.8-2.6c.4-4.2-.7-7.9-2.8-11.1zM8.8 14.2c-.9 0-1.7-.9-1.7-2s.7-2 1.7-2 1.7.9 1.7 2-.8 2-1.7 2zm6.4 0c-.9 0-1.7-.9-1.7-2s.7-2 1.7-2 1.7.9 1.7 2-.7 2-1.7 2z" />
          </svg>
        </a>
      )}
      <button
        type="button"
        className="acc-buy-button"
        data-testid="purchase-button"
        onClick={() => openBuyDialog()}
        aria-label={flags.isLogin ? t("creditsLabel", { count: flags.curCredits }) : t("pricing")}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
          <path d="M12 2l2.9 6.3 6.9.8-5.1 4.7 1.4 6.8L12 17.1 5.9 20.6l1.4-6.8L2.2 9.1l6.9-.8z" />
        </svg>
        {flags.isLogin ? <span data-testid="credit-count">{flags.curCredits}</span> : <span>{t("pricing")}</span>}
        {flags.isLogin && (
          <span className={`acc-badge acc-badge--${flags.planLevel}`} data-testid="plan-badge">
            {t(`plan.${flags.planLevel}`)}
          </span>
        )}
      </button>
      {flags.isLogin ? (
        <Suspense fallback={avatarButton(() => setClickedWhileLoading(true))}>
          <AccountMenu defaultOpen={clickedWhileLoading}>{avatarButton()}</AccountMenu>
        </Suspense>
      ) : phone ? (
        <button
          type="button"
          className="icon-button"
          data-login-button=""
          aria-label={t("login")}
          data-testid="login-button"
          onClick={() => openLoginDialog("login")}
        >
          <UserIcon />
        </button>
      ) : (
        <button type="button" className="acc-login-button" data-login-button="" data-testid="login-button" onClick={() => openLoginDialog("login")}>
          {t("login")}
        </button>
      )}
      <LoginDialog />
      <EarlyLogin />
      <BuyDialogHost />
      <CheckinHost />
      <CreditHistoryDialog />
      <ApiKeysDialog />
      <FreeTrialBox />
      <AdPopups />
      <PromoModal />
    </div>
  );
}
