/**
 * Marks a result made by the server's built-in stand-in (no AI engine configured: the task's
 * `result.preview`), on the screen's result and in the task list. Engine results show nothing.
 */
import { useTranslation } from "react-i18next";
import "../create/create.css";

export function PreviewBadge() {
  const { t } = useTranslation("tasks");
  return (
    <span className="preview-badge" data-testid="preview-badge" title={t("previewBadge.detail")}>
      {t("previewBadge.label")}
    </span>
  );
}
