/**
 * The red1-… and red2-… routes exist only so server redirect rules can apply to them
 * (docs/behaviour/languages-and-routes.md#routes); the CMS flow performs the redirect. Until it does, the
 * page says it is redirecting.
 */
import { useTranslation } from "react-i18next";
import "./pages.css";

export default function RedirectPlaceholderPage() {
  const { t } = useTranslation("page");
  return (
    <section className="placeholder-page" aria-busy="true">
      <p>{t("redirecting")}</p>
    </section>
  );
}
