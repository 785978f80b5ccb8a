/**
 * The task as the server answers it (docs/behaviour/tasks-and-queue.md#task-modules "Task": taskId,
 * algorithm, user_data; the rest of the shape is the server's decision, see
 * server/src/tasks/record.rs). Read leniently: a field of the wrong type becomes its default, so
 * one odd record cannot break the queue panel.
 */

export type TaskStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled";

export interface TaskOutput {
  url: string;
  downloadUrl: string;
  ossPath: string;
  width: number;
  height: number;
  mediaType: "image" | "video" | "audio" | "other";
}

export interface Task {
  taskId: string;
  algorithm: string;
  module: string;
  status: TaskStatus;
  /** 0-100. */
  progress: number;
  /** From 1 while queued, else 0. */
  queuePosition: number;
  credits: number;
  refunded: boolean;
  outputs: TaskOutput[];
  note: string;
  /**
   * Made by the server's built-in stand-in because no AI engine is configured (the result's
   * `preview`, server/src/tasks/lifecycle.rs): a labelled preview, not the engine's output.
   */
  preview: boolean;
  error: string | null;
  prompt: string;
  userData: Record<string, unknown>;
  /** The task's request as the server keeps it (list, result and batch answers; events leave it out). */
  data: Record<string, unknown>;
  /** The seed the task ran with (`data.seed`, docs/behaviour/tasks-and-queue.md#seeds), else null. */
  seed: number | null;
  /** docs/behaviour/tasks-and-queue.md#task-modules like values: 1 like, 0 dislike, -1 none. */
  like: 1 | 0 | -1;
  saved: boolean;
  retryOf: string;
  /** Epoch seconds. */
  createdAt: number;
}

const STATUSES: readonly TaskStatus[] = ["queued", "running", "succeeded", "failed", "cancelled"];

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
function str(v: unknown): string {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
}
function num(v: unknown): number {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
}

function readOutput(raw: unknown): TaskOutput | null {
  const o = obj(raw);
  const url = str(o.url);
  if (!url) return null;
  const media = str(o.media_type);
  return {
    url,
    downloadUrl: str(o.download_url) || url,
    ossPath: str(o.oss_path),
    width: num(o.width),
    height: num(o.height),
    mediaType: media === "image" || media === "video" || media === "audio" ? media : "other",
  };
}

/** A task record from any task answer (create, result, batch, list, events); null without an id. */
export function readTask(raw: unknown): Task | null {
  const o = obj(raw);
  const taskId = str(o.task_id) || str(o.taskId);
  if (!taskId) return null;
  const status = STATUSES.find((s) => s === o.status) ?? "queued";
  const result = obj(o.result);
  const outputs = (Array.isArray(result.outputs) ? result.outputs : []).map(readOutput).filter((x): x is TaskOutput => x !== null);
  const like = num(o.like);
  const data = obj(o.data);
  return {
    taskId,
    algorithm: str(o.algorithm),
    module: str(o.module) || str(o.algorithm),
    status,
    progress: Math.min(100, Math.max(0, num(o.progress))),
    queuePosition: num(o.queue_position),
    credits: num(o.credits),
    refunded: o.refunded === true || o.refunded === 1,
    outputs,
    note: str(result.note),
    preview: result.preview === true,
    error: typeof o.error === "string" && o.error ? o.error : null,
    // Events carry the task's state with its prompt but without data (server: record::event_view).
    prompt: str(data.prompt) || str(data.lyrics) || str(o.prompt),
    userData: obj(o.user_data),
    data,
    seed: typeof data.seed === "number" && Number.isSafeInteger(data.seed) ? data.seed : null,
    like: like === 1 ? 1 : like === 0 && o.like !== undefined && o.like !== null ? 0 : -1,
    saved: str(o.save_type) !== "",
    retryOf: str(o.retry_of),
    createdAt: num(o.created_at),
  };
}

/** The tasks of a list answer (`{list}` or a bare array). */
export function readTaskList(raw: unknown): { tasks: Task[]; total: number } {
  const o = obj(raw);
  const list = Array.isArray(raw) ? raw : Array.isArray(o.list) ? o.list : [];
  const tasks = list.map(readTask).filter((t): t is Task => t !== null);
  return { tasks, total: Math.max(num(o.total), tasks.length) };
}

/** Whether the task can still change. */
export function isOpen(task: Task): boolean {
  return task.status === "queued" || task.status === "running";
}

/**
 * The free, instant helper calls (sensitive checks, face key points, watermark-free download) are
 * tasks on the server too (docs/behaviour/tasks-and-queue.md#task-modules); they are steps of
 * another task, not creations, so the queue does not list them.
 */
export function isHelperTask(task: Pick<Task, "algorithm">): boolean {
  return task.algorithm.endsWith("_sensitive_detect") || task.algorithm === "image_fkp" || task.algorithm === "watermark_download";
}
