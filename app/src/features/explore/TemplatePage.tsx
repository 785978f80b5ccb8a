/**
 * Templates (/template, a frameless route: docs/behaviour/languages-and-routes.md#page-frame
 * "Routes whose names start with Template hide header and sidebar"): the effect templates or the
 * music templates by category in the shell's template list modal (category tabs, audio preview
 * items). Choosing an effect opens its creation page; choosing a music template opens text to music
 * with it (`?tpl_id=`).
 */
import { routePath } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { loadTemplateTabs } from "../effects/templateTabs";
import { languageAtom } from "../language/state";
import { openModal } from "../overlays/modalAtoms";
import { showToast } from "../overlays/toasts";
import "../create/create.css";

export default function TemplatePage() {
  const { t } = useTranslation("explore");
  const { t: tOverlays } = useTranslation("overlays");
  const language = useAtomValue(languageAtom);
  const navigate = useNavigate();

  const browse = async (module: "effect" | "music") => {
    try {
      const { tabs, templateOf, loadPage } = await loadTemplateTabs(module, tOverlays("templateList.all"));
      const page = module === "music" ? routePath("TextToMusic", {}, language) : routePath("EffectCreate", {}, language);
      openModal("templateList", {
        title: module === "music" ? t("browseMusic") : t("templates"),
        categories: tabs,
        loadPage,
        onSelect: (item) => void navigate(`${page}?tpl_id=${templateOf(item)?.id ?? ""}`),
      });
    } catch (e) {
      showToast("error", t("error", { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  return (
    <div className="create-page">
      <section className="create-form">
        <h1 className="create-title">{t("templates")}</h1>
        <button type="button" className="button button--primary" onClick={() => void browse("effect")}>
          {t("browse")}
        </button>
        <button type="button" className="button button--secondary" data-testid="browse-music" onClick={() => void browse("music")}>
          {t("browseMusic")}
        </button>
      </section>
    </div>
  );
}
