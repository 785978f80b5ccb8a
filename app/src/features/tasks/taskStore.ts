/**
 * The user's task queue (docs/behaviour/tasks-and-queue.md#the-queue "Task queue events",
 * #the-queue): the list (page size 20), live changes from the server's event stream (updateList,
 * addTask, updateTask, delTask, retryTask; and the project's previewTask, see livePreview.ts), and,
 * when the stream is unavailable, polling of the open tasks through /v1/ai/result/batch.
 */
import { createEventsTicket, getAccessToken, getTaskResults, hasNextPage, listTasks, taskConstants } from "@aivg/core/rules";
import { apiBase } from "../../env";
import { appStore, atom } from "../../state/jotai";
import { endPreview, onPreviewEvent } from "./livePreview";
import { notifyFinished } from "./notify";
import { isHelperTask, isOpen, readTask, readTaskList, type Task } from "./taskTypes";

/** docs/behaviour/tasks-and-queue.md#the-queue: the task list's default page_size, from core. */
export const TASK_PAGE_SIZE = taskConstants().listPageSize;
/**
 * Decision (spec: not shown): poll the open tasks every 3 s while the event stream is down.
 * Polling stops as soon as no task is open.
 */
export const POLL_INTERVAL_MS = 3000;

export interface QueueState {
  tasks: Task[];
  total: number;
  page: number;
  loading: boolean;
  error: string | null;
  /** "events" while the stream is open, "polling" as fallback. */
  mode: "idle" | "events" | "polling";
  /** Records received from the list pages, helper tasks included (for the paging rule). */
  fetched: number;
}

export const queueAtom = atom<QueueState>({ tasks: [], total: 0, page: 0, loading: false, error: null, mode: "idle", fetched: 0 });

/** A counter of local changes and, per task, the change that last touched it (see reloadTasks). */
let changeSeq = 0;
const changedAt = new Map<string, number>();

/** How far a task has come: queued, running, finished (a task only ever moves forward). */
function stage(task: Task): number {
  return task.status === "queued" ? 0 : task.status === "running" ? 1 : 2;
}

/**
 * Whether `next` is an older view of the task than `previous`: answers of different calls (the
 * create answer, a result fetch, the event stream) can arrive out of order, and a late answer
 * taken when the task was still running must not put a finished task back to running (nothing
 * would ever move it again).
 */
function isStale(previous: Task, next: Task): boolean {
  if (stage(next) !== stage(previous)) return stage(next) < stage(previous);
  return isOpen(next) && next.progress < previous.progress;
}

/** Inserts or replaces a task, newest first; a finishing task raises the notice. */
export function upsertTask(task: Task, store = appStore): void {
  if (isHelperTask(task)) return;
  const known = store.get(queueAtom).tasks.find((t) => t.taskId === task.taskId);
  if (known && isStale(known, task)) {
    // A late answer (the create call's, or a refresh) carries the request an event does not:
    // keep the newer state, take the request it lacks, so a card never loses its seed to a race.
    const lacks = Object.keys(known.data).length === 0 && Object.keys(task.data).length > 0;
    if (lacks || (known.seed === null && task.seed !== null)) {
      const filled = { ...known, data: task.data, seed: task.seed, userData: { ...task.userData, ...known.userData }, prompt: known.prompt || task.prompt };
      store.set(queueAtom, (q) => ({ ...q, tasks: q.tasks.map((t) => (t.taskId === task.taskId ? filled : t)) }));
    }
    return;
  }
  if (!isOpen(task)) endPreview(task.taskId, store);
  changeSeq += 1;
  changedAt.set(task.taskId, changeSeq);
  store.set(queueAtom, (q) => {
    const i = q.tasks.findIndex((t) => t.taskId === task.taskId);
    // A new task is also a new first row of the server's pages: both counts move by one.
    if (i === -1) return { ...q, tasks: [task, ...q.tasks], total: q.total + 1, fetched: q.fetched + 1 };
    const previous = q.tasks[i];
    if (previous && isOpen(previous) && !isOpen(task)) notifyFinished(task);
    const tasks = q.tasks.slice();
    tasks[i] = task;
    return { ...q, tasks };
  });
}

export function removeTask(taskId: string, store = appStore): void {
  endPreview(taskId, store);
  store.set(queueAtom, (q) => {
    const tasks = q.tasks.filter((t) => t.taskId !== taskId);
    const gone = q.tasks.length - tasks.length;
    return { ...q, tasks, total: Math.max(0, q.total - gone), fetched: Math.max(0, q.fetched - gone) };
  });
}

export function findTask(taskId: string, store = appStore): Task | undefined {
  return store.get(queueAtom).tasks.find((t) => t.taskId === taskId);
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Loads page 1 again (also the updateList event). */
export async function reloadTasks(store = appStore): Promise<void> {
  store.set(queueAtom, (q) => ({ ...q, loading: true, error: null }));
  // Changes that land while the list is in flight (a task created, an event) are newer than the
  // list's snapshot: they win over it, so a finished task never reverts to "running" or vanishes.
  const since = changeSeq;
  try {
    const { tasks, total } = readTaskList(await listTasks({ page: 1, page_size: TASK_PAGE_SIZE }));
    store.set(queueAtom, (q) => {
      const newer = q.tasks.filter((t) => (changedAt.get(t.taskId) ?? 0) > since);
      const newerIds = new Set(newer.map((t) => t.taskId));
      const listed = tasks.filter((t) => !isHelperTask(t));
      const listedIds = new Set(listed.map((t) => t.taskId));
      // A local change wins over the list, except when the list has the task further on: a task
      // created while the list was in flight can finish before the list is read (the create
      // answer's "running" is then older than the list's "succeeded", and no event follows).
      // Likewise the list never moves a known task backwards.
      const pick = (t: Task): Task => {
        const known = q.tasks.find((k) => k.taskId === t.taskId);
        if (!known) return t;
        if (newerIds.has(t.taskId)) return isStale(t, known) ? t : known;
        return isStale(known, t) ? known : t;
      };
      const merged = [...newer.filter((t) => !listedIds.has(t.taskId)), ...listed.map(pick)];
      const added = merged.length - listed.length;
      // `fetched` counts every record of the page, helper tasks included, as `total` does.
      return { ...q, tasks: merged, total: total + added, page: 1, loading: false, fetched: tasks.length + added };
    });
  } catch (e) {
    store.set(queueAtom, (q) => ({ ...q, loading: false, error: message(e) }));
  }
}

/** Loads the next page while more remain (core's hasNextPage). */
export async function loadMoreTasks(store = appStore): Promise<void> {
  const q = store.get(queueAtom);
  if (q.loading || !hasNextPage(q.total, q.fetched)) return;
  store.set(queueAtom, { ...q, loading: true });
  try {
    const { tasks, total } = readTaskList(await listTasks({ page: q.page + 1, page_size: TASK_PAGE_SIZE }));
    store.set(queueAtom, (s) => {
      const known = new Set(s.tasks.map((t) => t.taskId));
      const fresh = tasks.filter((t) => !known.has(t.taskId) && !isHelperTask(t));
      return { ...s, tasks: [...s.tasks, ...fresh], total, page: q.page + 1, loading: false, fetched: s.fetched + tasks.length };
    });
  } catch (e) {
    store.set(queueAtom, (s) => ({ ...s, loading: false, error: message(e) }));
  }
}

/**
 * Events carry a task's state, not its request: no `user_data` nor `data` (server:
 * record::event_view, so the stream stays small). A known task keeps the request it has; an unknown one (created in
 * another tab) is fetched whole once, so a later data_save never drops fields it did not see.
 */
function withRequest(task: Task, raw: unknown, store: typeof appStore): Task {
  const hasUserData = raw !== null && typeof raw === "object" && "user_data" in raw;
  if (hasUserData) return task;
  const known = findTask(task.taskId, store);
  if (known) return { ...task, userData: known.userData, data: known.data, seed: known.seed, prompt: task.prompt || known.prompt };
  if (!isHelperTask(task)) {
    Promise.resolve()
      .then(() => getTaskResults([task.taskId]))
      .then((answer) => readTaskList(answer).tasks.forEach((t) => upsertTask(t, store)))
      .catch((e: unknown) => console.warn("task not loaded", e));
  }
  return task;
}

/** Applies one server event (names of docs/behaviour/accounts-and-sessions.md#roles-and-permissions). */
export function applyEvent(name: string, data: unknown, store = appStore): void {
  switch (name) {
    case "updateList":
      void reloadTasks(store);
      return;
    case "addTask":
    case "updateTask": {
      const task = readTask(data);
      if (task) upsertTask(withRequest(task, data, store), store);
      return;
    }
    case "retryTask": {
      // {task_id, retry_of}: the old task stays as it was; the new one also comes as addTask,
      // but is fetched here in case that event was missed.
      const o = (data ?? {}) as { task_id?: unknown };
      if (typeof o.task_id === "string" && !findTask(o.task_id, store)) {
        getTaskResults([o.task_id])
          .then((answer) => readTaskList(answer).tasks.forEach((t) => upsertTask(t, store)))
          .catch((e: unknown) => console.warn("retried task not loaded", e));
      }
      return;
    }
    case "previewTask":
      onPreviewEvent(data, store);
      return;
    case "delTask": {
      const id = (data ?? {}) as { task_id?: unknown };
      if (typeof id.task_id === "string") removeTask(id.task_id, store);
      return;
    }
    default:
      return;
  }
}

/** Asks the batch call for every open task once. */
export async function pollOpenTasks(store = appStore): Promise<void> {
  const open = store
    .get(queueAtom)
    .tasks.filter(isOpen)
    .map((t) => t.taskId);
  if (open.length === 0) return;
  const { tasks } = readTaskList(await getTaskResults(open));
  for (const t of tasks) upsertTask(t, store);
}

let users = 0;
let source: EventSource | null = null;
let pollTimer: ReturnType<typeof setInterval> | null = null;

function startPolling(store = appStore): void {
  if (pollTimer) return;
  store.set(queueAtom, (q) => ({ ...q, mode: "polling" }));
  pollTimer = setInterval(() => {
    pollOpenTasks(store).catch((e: unknown) => console.warn("task poll failed", e));
  }, POLL_INTERVAL_MS);
}

function stopPolling(): void {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

/** How long after a broken stream a new one is tried (polling keeps progress moving meanwhile). */
const REOPEN_MS = 3000;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Opens the event stream with a single-use ticket (the access token never goes in a URL). A
 * ticket opens one connection, so EventSource's own reconnect cannot be used: on an error the
 * stream is closed, the queue polls, and a new ticket opens a new stream a little later.
 */
function openStream(store = appStore): void {
  if (!getAccessToken() || typeof EventSource === "undefined") {
    startPolling(store);
    return;
  }
  createEventsTicket()
    .then((answer) => {
      const ticket = (answer as { ticket?: unknown } | null)?.ticket;
      if (users === 0 || typeof ticket !== "string") {
        if (typeof ticket !== "string") startPolling(store);
        return;
      }
      listen(new EventSource(`${apiBase}/v1/ai/events?ticket=${encodeURIComponent(ticket)}`), store);
    })
    .catch((e: unknown) => {
      console.warn("task events: no ticket", e);
      startPolling(store);
    });
}

function listen(es: EventSource, store: typeof appStore): void {
  source?.close();
  source = es;
  es.onopen = () => {
    stopPolling();
    store.set(queueAtom, (q) => ({ ...q, mode: "events" }));
    // The stream only carries what happens after it opens: a task created while it was connecting
    // (or reconnecting) may already have finished. Ask for the open tasks once to catch up.
    pollOpenTasks(store).catch((e: unknown) => console.warn("task catch-up failed", e));
  };
  es.onerror = () => {
    es.close();
    if (source === es) source = null;
    startPolling(store);
    if (users > 0 && !reopenTimer) {
      reopenTimer = setTimeout(() => {
        reopenTimer = null;
        if (users > 0 && !source) openStream(store);
      }, REOPEN_MS);
    }
  };
  for (const name of ["updateList", "addTask", "updateTask", "delTask", "retryTask", "previewTask"]) {
    es.addEventListener(name, (ev) => {
      let data: unknown = null;
      try {
        data = JSON.parse((ev as MessageEvent<string>).data);
      } catch {
        data = null;
      }
      applyEvent(name, data, store);
    });
  }
}

/** Keeps the queue live while at least one screen uses it; answers the release function. */
export function connectQueue(store = appStore): () => void {
  users += 1;
  if (users === 1) {
    void reloadTasks(store);
    openStream(store);
  }
  return () => {
    users -= 1;
    if (users === 0) {
      source?.close();
      source = null;
      if (reopenTimer) clearTimeout(reopenTimer);
      reopenTimer = null;
      stopPolling();
      store.set(queueAtom, (q) => ({ ...q, mode: "idle" }));
    }
  };
}
