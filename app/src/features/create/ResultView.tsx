/** The latest task of a screen: progress while it runs, then its output or its error. */
import { progressDisplay, queuePositionLabel } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { openModal } from "../overlays/modalAtoms";
import { download } from "../tasks/taskActions";
import { PreviewBadge } from "../tasks/PreviewBadge";
import { isOpen, type Task } from "../tasks/taskTypes";

export function ResultView({ task }: { task: Task | undefined }) {
  const { t } = useTranslation("create");
  if (!task) return null;
  return (
    <section className="create-result" data-testid="create-result" data-status={task.status} aria-live="polite">
      {isOpen(task) ? (
        <>
          <p>{task.status === "queued" && task.queuePosition > 0 ? t("result.queued", { n: queuePositionLabel(task.queuePosition) }) : t("result.running")}</p>
          <progress max={100} value={progressDisplay(task.progress)} aria-label={t("result.progress")} />
        </>
      ) : null}
      {task.status === "failed" ? (
        <p role="alert" className="create-error" data-testid="result-error">
          {task.error ?? t("result.failed")}
        </p>
      ) : null}
      {task.status === "cancelled" ? <p>{t("result.cancelled")}</p> : null}
      {task.preview && task.outputs.length > 0 ? <PreviewBadge /> : null}
      {task.outputs.map((o, i) => (
        <figure key={o.url} className="create-result__output">
          {o.mediaType === "image" ? (
            <button
              type="button"
              className="create-result__open"
              aria-label={t("result.preview")}
              onClick={() => openModal("imagePreview", { images: task.outputs.map((x) => ({ src: x.url })), index: i })}
            >
              <img src={o.url} alt={task.prompt} data-testid="result-image" data-width={o.width} data-height={o.height} />
            </button>
          ) : null}
          {o.mediaType === "video" ? <video src={o.url} controls muted playsInline data-testid="result-video" /> : null}
          {o.mediaType === "audio" ? <audio src={o.url} controls data-testid="result-audio" /> : null}
          <figcaption>
            {o.width > 0 ? <span data-testid="result-size">{t("upload.size", { w: o.width, h: o.height })}</span> : null}
            <button type="button" className="button button--primary" data-testid="result-download" onClick={() => void download(task, o)}>
              {t("result.download")}
            </button>
          </figcaption>
        </figure>
      ))}
      {task.note ? <p className="create-note">{task.note}</p> : null}
    </section>
  );
}
