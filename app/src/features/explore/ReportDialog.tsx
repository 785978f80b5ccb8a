/**
 * The report dialog (docs/behaviour/languages-and-routes.md#overlays overlays,
 * docs/behaviour/tasks-and-queue.md#explore "Eleven report reasons", #explore POST
 * /v1/explore/report): one of report_reason_1..11, an optional note (the server keeps at most 500
 * characters).
 */
import { exploreConstants, reportExplore } from "@aivg/core/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModalRecord } from "../overlays/modalStack";
import { showToast } from "../overlays/toasts";
import "../overlays/modals.css";

/** docs/behaviour/tasks-and-queue.md#explore: report_reason_1 .. report_reason_11, from core. */
export const REPORT_REASONS: readonly string[] = exploreConstants().reportReasons;
type Reason = string;

/** The server's limit of the note (server/src/site/explore.rs). */
const OTHER_MAX = 500;

export function ReportDialog({ record, close }: { record: ModalRecord<"custom">; close: () => void }) {
  const { t } = useTranslation("explore");
  const exploreId = record.data.exploreId as number;
  const [reason, setReason] = useState<Reason | null>(null);
  const [other, setOther] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    if (!reason) return;
    setBusy(true);
    setError(null);
    reportExplore({ explore_id: exploreId, reason, other: other.trim() || undefined })
      .then(() => {
        close();
        showToast("success", t("report.sent"));
      })
      .catch((e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      });
  };

  return (
    <div className="create-field" data-testid="report-dialog">
      <h2 className="aivg-modal__title">{t("report.title")}</h2>
      <div role="radiogroup" aria-label={t("report.reason")} className="create-field">
        {REPORT_REASONS.map((r) => (
          <label key={r} className="create-row">
            <input type="radio" name="report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
            {/* The codes come from core at run time; each has a translation (locales test). */}
            {t(`report.reasons.${r}` as never) as string}
          </label>
        ))}
      </div>
      <label className="create-label" htmlFor="report-other">
        {t("report.other")}
      </label>
      <textarea id="report-other" className="create-textarea" rows={3} maxLength={OTHER_MAX} value={other} onChange={(e) => setOther(e.target.value)} />
      {error ? (
        <p role="alert" className="create-error">
          {t("report.failed", { message: error })}
        </p>
      ) : null}
      <div className="create-row">
        <button type="button" className="button button--secondary" onClick={close}>
          {t("report.cancel")}
        </button>
        <button type="button" className="button button--primary" data-testid="report-send" disabled={!reason || busy} onClick={send}>
          {t("report.send")}
        </button>
      </div>
    </div>
  );
}
