/** The AI tools listing (/ai-tools/:category?): a card per tool page, with the tool's icon. */
import { routePath } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { Icon } from "../icons/Icon";
import { languageAtom } from "../language/state";
import { TOOL_ROUTES, TOOLS } from "./toolConfigs";
import "../create/create.css";

export default function AiToolsPage() {
  const { t } = useTranslation("tools");
  const language = useAtomValue(languageAtom);
  return (
    <div className="create-page">
      <section className="create-form" style={{ maxWidth: "none" }}>
        <h1 className="create-title">{t("title")}</h1>
        <ul className="create-grid">
          {TOOL_ROUTES.map((name) => {
            const { key, icon } = TOOLS[name];
            return (
              <li key={name} className="create-card create-card--link" data-testid="tool-card">
                <Link to={routePath(name, {}, language)} className="create-card__link create-tool">
                  <Icon name={icon} className="create-tool__icon" />
                  <strong>{t(`${key}.title`)}</strong>
                  <span className="create-note">{t(`${key}.description`)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
