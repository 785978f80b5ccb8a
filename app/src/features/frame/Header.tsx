/**
 * The fixed top header (docs/behaviour/languages-and-routes.md#page-frame): logo (→ home), the title "AI
 * video generator", advertisement banner slots, the language switch and the account parts; on phones a
 * menu button opens the drawer.
 */
import { routePath } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HeaderAccount } from "../account/HeaderAccount";
import { LanguageSwitch } from "../language/LanguageSwitch";
import { languageAtom } from "../language/state";
import { ThemeToggle } from "../theme/ThemeToggle";
import { useAtomValue } from "../../state/jotai";
import { AdSlot } from "./AdSlot";
import { Logo } from "./Logo";

export function Header({ phone, onOpenMenu }: { phone: boolean; onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  return (
    <header className="header">
      {phone && (
        <button type="button" className="icon-button" aria-label={t("openMenu")} onClick={onOpenMenu}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <Link to={routePath("Home", {}, language)} className="brand" aria-label={t("logoLabel")}>
        <Logo />
        <span className="brand-title">{t("frameTitle")}</span>
      </Link>
      <div className="header-ads">
        <AdSlot module="main_header" />
      </div>
      <div className="header-actions">
        <ThemeToggle />
        <LanguageSwitch phone={phone} />
        <HeaderAccount />
      </div>
    </header>
  );
}
