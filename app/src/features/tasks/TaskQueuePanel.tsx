/**
 * The task queue panel: the user's tasks with live status, queue position and
 * progress, and the actions of each. Mounted beside every creation and tool screen.
 */
import { hasNextPage, progressDisplay, queuePositionLabel, taskPromoCardVisible } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { reuseHref } from "../create/reuse";
import { languageAtom } from "../language/state";
import { openModal } from "../overlays/modalAtoms";
import { livePreviewsAtom } from "./livePreview";
import { PreviewBadge } from "./PreviewBadge";
import { cancel, download, remove, retry, save, setLike, share } from "./taskActions";
import { connectQueue, loadMoreTasks, queueAtom } from "./taskStore";
import { isOpen, type Task, type TaskOutput } from "./taskTypes";
import "./tasks.css";

/** Local-storage key of the promo card's dismissal time (decision; docs/behaviour/ads-and-experiments.md#promotions gives the rule only). */
const PROMO_DISMISSED_KEY = "aivg.task-promo-dismissed";

function readDismissed(): number | null {
  try {
    const n = Number(localStorage.getItem(PROMO_DISMISSED_KEY));
    return Number.isFinite(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

function PromoCard() {
  const { t } = useTranslation("tasks");
  const [visible, setVisible] = useState(() => taskPromoCardVisible(readDismissed(), Date.now()));
  if (!visible) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(PROMO_DISMISSED_KEY, String(Date.now()));
    } catch {
      // storage failure: the card just hides for this visit
    }
    setVisible(false);
  };
  return (
    <div className="task-promo" data-testid="task-promo">
      <p>{t("promo.text")}</p>
      <button type="button" className="button button--secondary" onClick={dismiss}>
        {t("promo.dismiss")}
      </button>
    </div>
  );
}

/** The module's name; a code without a translation shows as it is. */
function moduleLabel(t: TFunction<"tasks">, code: string): string {
  // Module codes come from the server at run time, so they cannot be checked against typed keys.
  return t(`module.${code}` as never, { defaultValue: code }) as string;
}

function OutputView({ task, output, index }: { task: Task; output: TaskOutput; index: number }) {
  const { t } = useTranslation("tasks");
  const images = task.outputs.filter((o) => o.mediaType === "image").map((o) => ({ src: o.url, alt: task.prompt }));
  if (output.mediaType === "image") {
    return (
      <button type="button" className="task-output" onClick={() => openModal("imagePreview", { images, index })} aria-label={t("preview")}>
        <img src={output.url} alt={task.prompt} data-testid="task-output-image" data-width={output.width} data-height={output.height} />
      </button>
    );
  }
  if (output.mediaType === "video") return <video className="task-output" src={output.url} controls muted playsInline />;
  if (output.mediaType === "audio") return <audio className="task-output" src={output.url} controls />;
  return null;
}

/** "Use these settings again": the module's screen, starting from this task's request (create/reuse.ts). */
function ReuseButton({ task }: { task: Task }) {
  const { t } = useTranslation("tasks");
  const language = useAtomValue(languageAtom);
  const navigate = useNavigate();
  const href = reuseHref(task, language);
  if (!href) return null;
  const go = () => void navigate(href);
  return (
    <button type="button" className="button button--secondary" data-testid="task-reuse" onClick={go}>
      {t("reuse")}
    </button>
  );
}

function TaskCard({ task }: { task: Task }) {
  const { t } = useTranslation("tasks");
  const open = isOpen(task);
  const live = useAtomValue(livePreviewsAtom)[task.taskId];
  return (
    <li className="task-card" data-testid="task-card" data-task-id={task.taskId} data-status={task.status}>
      <div className="task-card__head">
        <span className="task-card__module">{moduleLabel(t, task.module)}</span>
        <span className={`task-card__status task-card__status--${task.status}`} data-testid="task-status">
          {t(`status.${task.status}`)}
        </span>
      </div>
      {task.prompt ? <p className="task-card__prompt">{task.prompt}</p> : null}
      {task.seed !== null ? (
        <p className="task-card__seed" data-testid="task-seed">
          {t("seed", { seed: task.seed })}
        </p>
      ) : null}
      {task.status === "queued" && task.queuePosition > 0 ? (
        <p className="task-card__queue" data-testid="task-queue-position">
          {t("queuePosition", { n: queuePositionLabel(task.queuePosition) })}
        </p>
      ) : null}
      {open && live ? <img className="task-card__live" src={live} alt={t("livePreview")} data-testid="task-live-preview" /> : null}
      {open ? <progress className="task-card__progress" max={100} value={progressDisplay(task.progress)} aria-label={t("progress")} /> : null}
      {task.status === "failed" && task.error ? (
        <p className="task-card__error" role="alert" data-testid="task-error">
          {task.error}
        </p>
      ) : null}
      {task.preview && task.outputs.length > 0 ? <PreviewBadge /> : null}
      {task.refunded ? (
        <p className="task-card__refund" data-testid="task-refunded">
          {t("refunded", { n: task.credits })}
        </p>
      ) : null}
      {task.outputs.map((o, i) => (
        <div key={o.url} className="task-card__output">
          <OutputView task={task} output={o} index={i} />
          <div className="task-card__actions">
            <button type="button" className="button button--secondary" data-testid="task-download" onClick={() => void download(task, o)}>
              {t("download")}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void share(o)}>
              {t("share")}
            </button>
          </div>
        </div>
      ))}
      <div className="task-card__actions">
        {open ? (
          <button type="button" className="button button--secondary" data-testid="task-cancel" onClick={() => void cancel(task)}>
            {t("cancel")}
          </button>
        ) : (
          <>
            {task.status === "succeeded" ? (
              <>
                <button type="button" className="button button--secondary" aria-pressed={task.like === 1} onClick={() => void setLike(task, 1)}>
                  {t("like")}
                </button>
                <button type="button" className="button button--secondary" aria-pressed={task.like === 0} onClick={() => void setLike(task, 0)}>
                  {t("dislike")}
                </button>
                <button type="button" className="button button--secondary" disabled={task.saved} onClick={() => void save(task)}>
                  {task.saved ? t("savedLabel") : t("save")}
                </button>
              </>
            ) : null}
            <ReuseButton task={task} />
            <button type="button" className="button button--secondary" data-testid="task-retry" onClick={() => retry(task)}>
              {t("retry")}
            </button>
            <button type="button" className="button button--secondary" data-testid="task-delete" onClick={() => remove(task)}>
              {t("delete")}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

export function TaskQueuePanel() {
  const { t } = useTranslation("tasks");
  const queue = useAtomValue(queueAtom);
  useEffect(() => connectQueue(), []);
  return (
    <aside className="task-queue" aria-label={t("title")} data-testid="task-queue">
      <h2 className="task-queue__title">{t("title")}</h2>
      <PromoCard />
      {queue.error ? (
        <p role="alert" className="task-card__error">
          {t("error.load", { message: queue.error })}
        </p>
      ) : null}
      {queue.tasks.length === 0 && !queue.loading ? <p className="task-queue__empty">{t("empty")}</p> : null}
      <ul className="task-queue__list">
        {queue.tasks.map((task) => (
          <TaskCard key={task.taskId} task={task} />
        ))}
      </ul>
      {hasNextPage(queue.total, queue.fetched) ? (
        <button type="button" className="button button--secondary" disabled={queue.loading} onClick={() => void loadMoreTasks()}>
          {t("more")}
        </button>
      ) : null}
    </aside>
  );
}
