/** The template detail dialog (docs/behaviour/languages-and-routes.md#overlays overlays): the preview, the name and "Use this template". */
import { routePath, type LanguageCode } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ModalRecord } from "../overlays/modalStack";
import type { Template } from "./templates";
import "../overlays/modals.css";

export function TemplateDetail({ record, close }: { record: ModalRecord<"custom">; close: () => void }) {
  const { t } = useTranslation("effects");
  const navigate = useNavigate();
  const template = record.data.template as Template;
  const language = record.data.language as LanguageCode;
  const use = () => {
    close();
    void navigate(`${routePath("EffectCreate", {}, language)}?tpl_id=${template.id}`);
  };
  return (
    <div className="create-field" data-testid="template-detail">
      <h2 className="aivg-modal__title">{template.name}</h2>
      {template.previewUrl.endsWith(".mp4") ? (
        <video src={template.previewUrl} autoPlay loop muted playsInline style={{ maxWidth: "100%" }} />
      ) : (
        <img src={template.previewUrl || template.thumbnail} alt="" style={{ maxWidth: "100%", maxHeight: "60vh" }} />
      )}
      <div className="create-row">
        <button type="button" className="button button--secondary" onClick={close}>
          {t("close")}
        </button>
        <button type="button" className="button button--primary" data-testid="template-use" onClick={use}>
          {t("use")}
        </button>
      </div>
    </div>
  );
}
