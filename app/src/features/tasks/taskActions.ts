/**
 * What the queue panel's buttons do (docs/behaviour/calls-and-errors.md#the-calls calls). Each
 * action updates the list from the server's answer; the event stream brings the same change to
 * other tabs.
 */
import {
  cancelTask,
  createWatermarkDownload,
  deleteTask,
  getOssSign,
  getTaskResults,
  getWatermarkDownloadResult,
  request,
  requestConstants,
  retryTask,
  saveTaskData,
  taskModule,
  watermarkFreeFeature,
  type HttpError,
} from "@aivg/core/rules";
import { userHasFeature } from "../account/featureAuth";
import { i18n } from "../../i18n/setup";
import { copyText } from "../clipboard/copyText";
import { openModal } from "../overlays/modalAtoms";
import { showToast } from "../overlays/toasts";
import { removeTask, upsertTask } from "./taskStore";
import { readTask, readTaskList, type Task, type TaskOutput } from "./taskTypes";

/** The server's "needs a paid plan" answer code (HTTP 403), from core. */
export const CODE_UPGRADE_REQUIRED = requestConstants().upgradeRequiredCode;

function failed(e: unknown): void {
  showToast("error", i18n.t("tasks:error.action", { message: e instanceof Error ? e.message : String(e) }));
}

/** Reads a task again (after an action whose answer is not the whole task). */
export async function refreshTask(taskId: string): Promise<Task | undefined> {
  const { tasks } = readTaskList(await getTaskResults([taskId]));
  tasks.forEach((t) => upsertTask(t));
  return tasks[0];
}

export async function cancel(task: Task): Promise<void> {
  try {
    await cancelTask(task.taskId);
    await refreshTask(task.taskId);
  } catch (e) {
    failed(e);
  }
}

/**
 * Delete asks first, in a confirmation dialog (docs/behaviour/tasks-and-queue.md#deleting-and-retrying):
 * the server removes the task and its output files for good, so a stray click must not cost a
 * result. Decision: a confirmation rather than an Undo toast, as the creation sites people know
 * do, and because a delete held back for an Undo window would be lost with a tab closed inside
 * it. Only Delete in the dialog sends the call; Keep or Escape leaves the task as it is.
 */
export function remove(task: Task): void {
  openModal("confirm", {
    title: i18n.t("tasks:deleteConfirm.title"),
    message: i18n.t("tasks:deleteConfirm.message"),
    cancelText: i18n.t("tasks:deleteConfirm.keep"),
    confirmText: i18n.t("tasks:deleteConfirm.delete"),
    onConfirm: () => {
      deleteTask(task.taskId)
        .then(() => removeTask(task.taskId))
        .catch(failed);
    },
  });
}

/**
 * What a retry costs: the module's price in core's catalogue, the number its Generate button
 * shows and the server charges again (docs/behaviour/tasks-and-queue.md#deleting-and-retrying);
 * for a module the catalogue does not know, what the task was charged.
 */
export function retryCost(task: Pick<Task, "algorithm" | "credits">): number {
  return taskModule(task.algorithm)?.credits ?? task.credits;
}

/**
 * Retry starts a new task with the same settings, charged again. It is offered only for finished
 * tasks, so it asks with its price (docs/behaviour/tasks-and-queue.md#deleting-and-retrying)
 * rather than with the restart confirmation's "progress will not be saved"
 * (docs/behaviour/tasks-and-queue.md#restart-confirmation), which is about a task still running.
 */
export function retry(task: Task): void {
  const count = retryCost(task);
  openModal("confirm", {
    title: i18n.t("tasks:retryConfirm.title"),
    message: i18n.t("tasks:retryConfirm.message", { count }),
    cancelText: i18n.t("tasks:retryConfirm.cancel"),
    confirmText: i18n.t("tasks:retryConfirm.run", { count }),
    onConfirm: () => {
      retryTask(task.taskId)
        .then((answer) => {
          const id = readTask(answer)?.taskId;
          return id ? refreshTask(id) : undefined;
        })
        .catch(failed);
    },
  });
}

/** Like 1, dislike 0, cancel -1 (docs/behaviour/tasks-and-queue.md#task-modules); pressing the active one cancels it. */
export async function setLike(task: Task, value: 1 | 0): Promise<void> {
  const like = task.like === value ? -1 : value;
  try {
    // No typed export in core for this call (see the report): the generic request helper.
    await request({ method: "POST", path: "/v1/ai/task/like", params: { task_id: task.taskId, like } });
    upsertTask({ ...task, like });
  } catch (e) {
    failed(e);
  }
}

/** Saves the task to the user's library (save_type 1 = saved; decision, spec: not shown). */
export async function save(task: Task): Promise<void> {
  try {
    await saveTaskData({ taskId: task.taskId, save_type: 1, user_data: { ...task.userData, module: task.module } });
    upsertTask({ ...task, saved: true });
    showToast("success", i18n.t("tasks:saved"));
  } catch (e) {
    failed(e);
  }
}

function startDownload(url: string): void {
  const a = document.createElement("a");
  a.href = url;
  a.download = "";
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * A fresh download link of a stored file (docs/behaviour/calls-and-errors.md#request-rules `GET
 * /v1/common/oss/sign?oss_path&dispose`): `dispose=attachment` makes the browser save it, and a
 * queue left open for days still downloads (the links in the task list expire after a day). Falls
 * back to the list's link.
 */
async function signedDownloadUrl(output: TaskOutput): Promise<string> {
  if (!output.ossPath) return output.downloadUrl;
  const signed = (await getOssSign({ oss_path: output.ossPath, dispose: "attachment" })) as { url?: unknown } | null;
  return typeof signed?.url === "string" && signed.url ? signed.url : output.downloadUrl;
}

/**
 * Download: a plan whose features (`POST /v1/feature-code/auth`) include watermark-free output
 * gets the watermark-free file through watermark_download
 * (docs/behaviour/accounts-and-sessions.md#roles-and-permissions;
 * docs/behaviour/calls-and-errors.md#request-rules); other users get the file as it is through a
 * signed link. Should the server still refuse the watermark-free file (CODE_UPGRADE_REQUIRED, e.g.
 * a plan that just ended), the file as it is downloads.
 */
export async function download(task: Task, output: TaskOutput): Promise<void> {
  try {
    if (await userHasFeature(watermarkFreeFeature())) {
      try {
        const created = readTask(await createWatermarkDownload({ prev_task: task.taskId, data: { file_path: output.ossPath } }));
        const done = created ? readTask(await getWatermarkDownloadResult(created.taskId)) : null;
        const url = done?.outputs[0]?.downloadUrl;
        if (url) {
          startDownload(url);
          return;
        }
      } catch (e) {
        if ((e as Partial<HttpError>).code !== CODE_UPGRADE_REQUIRED) throw e;
      }
    }
    startDownload(await signedDownloadUrl(output));
  } catch (e) {
    failed(e);
  }
}

/** Copies a share link of the output (clipboard API; failure says so). */
/** Share copies the output's link, with the legacy fallback where the Clipboard API is refused (docs/behaviour/tasks-and-queue.md#task-inputs). */
export async function share(output: TaskOutput): Promise<void> {
  if (await copyText(output.url)) showToast("success", i18n.t("tasks:shareCopied"));
  else showToast("error", i18n.t("tasks:shareFailed"));
}
