/**
 * The error page (docs/behaviour/languages-and-routes.md#error-page): status code (default 404),
 * title and description per code (core's `errorPage` gives the ids and English texts), Go Home and
 * Go Back (back when there is history, else home), the feature guide (core's
 * `errorPageFeatureGuide`), and the debug stack only in builds that are neither beta nor production
 * (core's `errorPageShowsStack`). Bot user agents get no error page.
 */
import { errorPage, errorPageFeatureGuide, errorPageShowsStack, routePath } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { buildStage } from "../../env";
import { tCore } from "../../i18n/core-keys";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";
import "./error-page.css";

export interface ErrorPageProps {
  statusCode?: number | undefined;
  /** The technical message (e.g. "Page not found: /x"); shown in the debug details only. */
  message?: string | undefined;
  stack?: string | undefined;
  /** For tests; defaults to the browser's. */
  userAgent?: string;
  /** For tests; defaults to the build's stage. */
  stage?: string;
}

const guide = errorPageFeatureGuide();

export function ErrorPage({ statusCode, message, stack, userAgent, stage = buildStage }: ErrorPageProps) {
  const { t } = useTranslation("errorPage");
  const language = useAtomValue(languageAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const page = errorPage(statusCode ?? null, userAgent ?? navigator.userAgent);
  if (!page) return null;

  const home = routePath("Home", {}, language);
  // "default" is the key of the entry the app was opened on: nothing to go back to inside the app.
  const hasHistory = location.key !== "default";
  const showStack = errorPageShowsStack(stage);

  return (
    <section className="error-page" data-status={page.statusCode} data-message={message ?? ""}>
      <p className="error-code" aria-hidden="true">
        {page.statusCode}
      </p>
      <h1 className="error-title">{tCore(page.titleId, page.title)}</h1>
      <p className="error-description">{tCore(page.descriptionId, page.description)}</p>
      <div className="error-actions">
        <Link className="button button--primary" to={home}>
          {t("goHome")}
        </Link>
        <button type="button" className="button button--secondary" onClick={() => void (hasHistory ? navigate(-1) : navigate(home))}>
          {t("goBack")}
        </button>
      </div>
      <nav className="feature-guide" aria-label={t("guideTitle")}>
        <h2 className="feature-guide-title">{t("guideTitle")}</h2>
        <div className="feature-guide-groups">
          {guide.map((group) => (
            <div key={group.id} className="feature-guide-group" data-group={group.id}>
              <h3>{tCore(group.labelId, group.label)}</h3>
              <ul>
                {group.items.map((item) => (
                  <li key={item.route}>
                    <Link to={routePath(item.route, {}, language)}>{tCore(item.labelId, item.label)}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
      {showStack && (message || stack) && (
        <details className="error-debug" open>
          <summary>{t("debugTitle")}</summary>
          <pre>{[message, stack].filter(Boolean).join("\n\n")}</pre>
        </details>
      )}
    </section>
  );
}
