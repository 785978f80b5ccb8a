/**
 * The progress modal (docs/behaviour/tasks-and-queue.md#progress: title, description, cancel
 * callback) showing core's simulated progress; `done` in the record's data jumps it to 100. It
 * closes only through Cancel (Escape and the backdrop are ignored, see modalStack.ts).
 */
import { useTranslation } from "react-i18next";
import type { ModalRecord } from "../modalStack";
import { useSimulatedProgress } from "./useSimulatedProgress";

export function ProgressModal({ record, close }: { record: ModalRecord<"progress">; close: () => void }) {
  const { t } = useTranslation("overlays");
  const d = record.data;
  const percent = useSimulatedProgress(d.done ? "success" : "running");
  return (
    <div className="aivg-progress">
      <h2 className="aivg-modal__title">{d.title}</h2>
      {d.description ? <p className="aivg-modal__message">{d.description}</p> : null}
      <div className="aivg-progress__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={d.title}>
        <div className="aivg-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="aivg-progress__value">{t("progress.percent", { percent })}</p>
      {d.onCancel ? (
        <div className="aivg-modal__actions">
          <button
            type="button"
            className="aivg-button aivg-button--secondary"
            onClick={() => {
              close();
              d.onCancel?.();
            }}
          >
            {t("confirm.cancel")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
