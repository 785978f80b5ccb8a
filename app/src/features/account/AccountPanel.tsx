/**
 * The account popover (docs/behaviour/languages-and-routes.md#page-frame): who is logged in, plan
 * and credits with the plan action (core's `planActionLabel`: Purchase / Upgrade / Renew), the plan
 * expiry line when valid, credit history, purchase history (`verify/record`), API keys (docs/api.md),
 * account center, cloud
 * storage, Discord, feedback (only when supplied), switch language, terms, privacy and log out.
 */
import { switcherLanguages, type LanguageCode } from "@aivg/core/rules";
import { planActionLabel, planExpiryLine } from "@aivg/core/later";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { openCreditHistory } from "../credits/creditHistoryState";
import { languageAtom } from "../language/state";
import { useSwitchLanguage } from "../language/switch-language";
import { openBuyDialog } from "../pricing/buyState";
import { flagsAtom, logout, userAtom } from "../session/session";
import { feedbackSupplied, openFeedback } from "./feedback";
import { requestLogin } from "../promo/loginRequest";
import { useAccountLinks } from "./links";
import { PurchaseHistory } from "./PurchaseHistory";
import { openApiKeys } from "./apiKeysState";

const languages = switcherLanguages();

/**
 * `onLeave` runs before an entry opens a dialog (credit history, buying, feedback, log-in): the
 * menu holding the panel closes, so it does not stay above the dialog's backdrop.
 */
export function AccountPanel({ feedback, onLeave }: { feedback?: () => void; onLeave?: () => void }) {
  const { t, i18n } = useTranslation("account");
  const flags = useAtomValue(flagsAtom);
  const user = useAtomValue(userAtom);
  const current = useAtomValue(languageAtom);
  const switchTo = useSwitchLanguage();
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const links = useAccountLinks();
  const level = user?.verify?.level ?? "free";
  const action = planActionLabel(level);
  const expiry = flags.isSubscribed ? planExpiryLine(user?.verify?.expired_time) : undefined;
  // The feedback page opens embedded in the feedback modal
  // (docs/behaviour/calls-and-errors.md#request-rules), when this site has one.
  const feedbackAction = feedback ?? (feedbackSupplied() ? () => void openFeedback() : undefined);
  /** Closes the menu, then does what the entry does. */
  const leaving = (action: () => void) => () => {
    onLeave?.();
    action();
  };

  const chooseLanguage = (code: LanguageCode) => {
    setLanguagesOpen(false);
    if (code !== current) switchTo(code);
  };

  return (
    <div className="acc-panel" data-testid="account-panel">
      <div className="acc-panel__who">
        <strong className="acc-panel__name">{flags.displayName}</strong>
        {user?.email && <span className="acc-panel__email">{user.email}</span>}
      </div>
      <div className="acc-panel__plan">
        <span className={`acc-badge acc-badge--${flags.planLevel}`}>{t(`plan.${flags.planLevel}`)}</span>
        <span data-testid="panel-credits">{t("creditsLabel", { count: flags.curCredits })}</span>
        <button type="button" className="acc-link-button" onClick={leaving(() => openBuyDialog({ tab: "membership", upgradeMode: action === "Upgrade" }))}>
          {t(`planAction.${action}`)}
        </button>
      </div>
      {expiry !== undefined && <p className="acc-panel__expiry">{t("planExpires", { date: new Date(expiry).toLocaleDateString(i18n.language) })}</p>}
      <ul className="acc-panel__list">
        <li>
          <button type="button" className="acc-menu-item" data-testid="open-credit-history" onClick={leaving(() => openCreditHistory())}>
            {t("creditHistory")}
          </button>
        </li>
        <li>
          <PurchaseHistory />
        </li>
        {user && (
          <li>
            <button type="button" className="acc-menu-item" data-testid="open-api-keys" onClick={leaving(() => openApiKeys())}>
              {t("apiKeys.title")}
            </button>
          </li>
        )}
        <li>
          {/* The signed-in user's account page; a visitor without a session logs in first. */}
          {user ? (
            <a className="acc-menu-item" data-testid="account-center" href={links.accountCenter} target="_blank" rel="noreferrer">
              {t("accountCenter")}
            </a>
          ) : (
            <button type="button" className="acc-menu-item" data-testid="account-center" onClick={leaving(() => requestLogin("login"))}>
              {t("accountCenter")}
            </button>
          )}
        </li>
        <li>
          <a className="acc-menu-item" href={links.cloudStorage} target="_blank" rel="noreferrer">
            {t("cloudStorage")}
          </a>
        </li>
        {links.discord && (
          <li>
            <a className="acc-menu-item" href={links.discord} target="_blank" rel="noreferrer">
              {t("discord")}
            </a>
          </li>
        )}
        {feedbackAction && (
          <li>
            <button type="button" className="acc-menu-item" data-testid="account-feedback" onClick={leaving(feedbackAction)}>
              {t("feedback")}
            </button>
          </li>
        )}
        <li>
          <button type="button" className="acc-menu-item" aria-expanded={languagesOpen} onClick={() => setLanguagesOpen((o) => !o)}>
            {t("switchLanguage")}
          </button>
          {languagesOpen && (
            <ul className="acc-panel__languages">
              {languages.map((language) => (
                <li key={language.code}>
                  <button
                    type="button"
                    className="acc-menu-item"
                    aria-current={language.code === current ? "true" : undefined}
                    onClick={() => chooseLanguage(language.code)}
                  >
                    {language.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </li>
        <li>
          <a className="acc-menu-item" data-testid="account-terms" href={links.terms} target="_blank" rel="noreferrer">
            {t("terms")}
          </a>
        </li>
        <li>
          <a className="acc-menu-item" data-testid="account-privacy" href={links.privacy} target="_blank" rel="noreferrer">
            {t("privacy")}
          </a>
        </li>
        <li>
          <button type="button" className="acc-menu-item" data-testid="logout" onClick={() => void logout()}>
            {t("logout")}
          </button>
        </li>
      </ul>
    </div>
  );
}
