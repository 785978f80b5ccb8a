/**
 * Templates (/template, a frameless route: spec 01 §2 "Routes whose names start with Template hide
 * header and sidebar"): the effect templates by category in the shell's template list modal
 * (category tabs, audio preview items); choosing one opens its creation page.
 */
import { listWorkflowCt, listWorkflows, routePath, templateFirstPage } from "@aivg/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { readCategories, readTemplatePage } from "../effects/templates";
import { languageAtom } from "../language/state";
import { openModal } from "../overlays/modalAtoms";
import type { AudioTemplateItem, TemplateListCategory } from "../overlays/modalTypes";
import { showToast } from "../overlays/toasts";
import "../create/create.css";

export default function TemplatePage() {
  const { t } = useTranslation("explore");
  const language = useAtomValue(languageAtom);
  const navigate = useNavigate();

  const browse = async () => {
    try {
      const categories = readCategories(await listWorkflowCt());
      const ids = new Map<AudioTemplateItem, number>();
      const tabs: TemplateListCategory[] = await Promise.all(
        categories.map(async (c) => {
          const page = readTemplatePage(await listWorkflows({ ...templateFirstPage(), fun_module: "effect", fun_category: c.id }));
          return {
            id: c.id,
            title: c.title,
            items: page.templates.map((tpl) => {
              const item: AudioTemplateItem = { name: tpl.name, thumbnail: tpl.thumbnail };
              ids.set(item, tpl.id);
              return item;
            }),
          };
        }),
      );
      openModal("templateList", {
        title: t("templates"),
        categories: tabs,
        onSelect: (item) => void navigate(`${routePath("EffectCreate", {}, language)}?tpl_id=${ids.get(item) ?? ""}`),
      });
    } catch (e) {
      showToast("error", t("error", { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  return (
    <div className="create-page">
      <section className="create-form">
        <h1 className="create-title">{t("templates")}</h1>
        <button type="button" className="button button--primary" onClick={() => void browse()}>{t("browse")}</button>
      </section>
    </div>
  );
}
