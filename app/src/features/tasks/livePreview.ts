/**
 * Live previews of running tasks (docs/behaviour/tasks-and-queue.md#live-previews): the server
 * announces each new preview on the event stream (`previewTask {task_id, preview}`, at most two a
 * second per task); the queue fetches the picture (`GET /v1/ai/preview/{id}`, the owner's) and
 * shows it in the running task's card until the task ends, when the result replaces it. Pictures
 * live as object URLs, revoked when replaced or when the task ends.
 */
import { getAccessToken } from "@aivg/core/rules";
import { apiBase } from "../../env";
import { appStore, atom } from "../../state/jotai";

/** Task id → object URL of its latest preview. */
export const livePreviewsAtom = atom<Record<string, string>>({});

/** Tasks whose fetch is in flight, and the newest preview number heard meanwhile. */
const inFlight = new Map<string, number>();
/** Tasks that ended: a late answer for them is dropped. */
const ended = new Set<string>();

function set(taskId: string, url: string | null, store: typeof appStore): void {
  store.set(livePreviewsAtom, (all) => {
    const old = all[taskId];
    if (old) URL.revokeObjectURL(old);
    const next = { ...all };
    if (url) next[taskId] = url;
    else delete next[taskId];
    return next;
  });
}

async function load(taskId: string, store: typeof appStore): Promise<void> {
  const token = getAccessToken();
  const res = await fetch(`${apiBase}/v1/ai/preview/${encodeURIComponent(taskId)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    cache: "no-store",
  });
  // 404: none now (ended, or kept by another server instance); the next event tries again.
  if (!res.ok) return;
  const blob = await res.blob();
  if (ended.has(taskId)) return;
  set(taskId, URL.createObjectURL(blob), store);
}

/** The `previewTask` event: fetches the new preview (one fetch per task at a time; a newer one heard meanwhile is fetched after). */
export function onPreviewEvent(data: unknown, store = appStore): void {
  const o = (data ?? {}) as { task_id?: unknown; preview?: unknown };
  if (typeof o.task_id !== "string" || ended.has(o.task_id)) return;
  const taskId = o.task_id;
  const n = typeof o.preview === "number" ? o.preview : 0;
  if (inFlight.has(taskId)) {
    inFlight.set(taskId, Math.max(n, inFlight.get(taskId) ?? 0));
    return;
  }
  inFlight.set(taskId, n);
  const run = (): void => {
    const asked = inFlight.get(taskId) ?? 0;
    load(taskId, store)
      .catch((e: unknown) => console.warn("live preview not loaded", e))
      .finally(() => {
        const newest = inFlight.get(taskId) ?? 0;
        if (newest > asked && !ended.has(taskId)) run();
        else inFlight.delete(taskId);
      });
  };
  run();
}

/** The task ended (or went away): its preview is dropped for good. */
export function endPreview(taskId: string, store = appStore): void {
  ended.add(taskId);
  inFlight.delete(taskId);
  if (store.get(livePreviewsAtom)[taskId]) set(taskId, null, store);
}
