/**
 * The notice when a task finishes: a toast, the tab title while the page is
 * hidden, and a browser notification when the user allowed them. Texts come from the tasks
 * namespace.
 */
import { i18n } from "../../i18n/setup";
import { showToast } from "../overlays/toasts";
import { refreshUser } from "../session/session";
import type { Task } from "./taskTypes";

let savedTitle: string | null = null;

function restoreTitle(): void {
  if (savedTitle !== null && document.visibilityState === "visible") {
    document.title = savedTitle;
    savedTitle = null;
  }
}

export function notifyFinished(task: Task): void {
  if (typeof window === "undefined") return;
  // A refund (failure, cancel) changes the balance the header shows.
  if (task.refunded) void refreshUser();
  // The user cancelled it here: nothing to announce.
  if (task.status === "cancelled") return;
  const ok = task.status === "succeeded";
  const text = i18n.t(ok ? "tasks:notice.done" : "tasks:notice.failed");
  showToast(ok ? "success" : "error", text);
  if (document.visibilityState === "hidden") {
    // The page is not shown, so React's <title> is not being looked at; it is put back on return.
    savedTitle ??= document.title;
    document.title = `${text} · ${savedTitle}`;
    document.addEventListener("visibilitychange", restoreTitle, { once: true });
    if (typeof Notification !== "undefined" && Notification.permission === "granted") {
      new Notification(text, { body: task.prompt || task.module });
    }
  }
}

/** Asks once for notification permission (called from a user click on Generate). */
export function askNotificationPermission(): void {
  if (typeof Notification !== "undefined" && Notification.permission === "default") {
    void Notification.requestPermission().catch(() => undefined);
  }
}
