/**
 * Generate: the sensitive-content checks first (text, then the uploaded media;
 * docs/behaviour/tasks-and-queue.md#task-inputs `{v,i,t}_sensitive_detect`), then the caller's
 * confirmation (the credit-consumption dialog), then the task itself. The new task goes into the
 * queue at once; the event stream (or polling) brings its progress.
 */
import { createSensitiveDetect, createTask, getSensitiveDetectResult, type SensitiveDetectKind } from "@aivg/core/rules";
import { refreshTask } from "../tasks/taskActions";
import { upsertTask } from "../tasks/taskStore";
import { readTask, type Task } from "../tasks/taskTypes";

/** Thrown when a check refuses the input; `kind` says which part. */
export class SensitiveContentError extends Error {
  constructor(readonly kind: SensitiveDetectKind) {
    super(`sensitive content (${kind})`);
    this.name = "SensitiveContentError";
  }
}

async function passes(kind: SensitiveDetectKind, data: { prompt?: string; file_path?: string }): Promise<boolean> {
  const created = readTask(await createSensitiveDetect(kind, { data }));
  if (!created) throw new Error("the sensitive-content check answered no task id");
  const raw = (await getSensitiveDetectResult(kind, created.taskId)) as { result?: { pass?: unknown } } | null;
  return raw?.result?.pass !== false;
}

export interface GenerateRequest {
  algorithm: string;
  /** user_data.module (docs/behaviour/tasks-and-queue.md#task-modules); default the algorithm. */
  module?: string;
  data: Record<string, unknown>;
  userData?: Record<string, unknown>;
  /** Media kind of data.file_path, checked by the i or v detector. */
  mediaKind?: "i" | "v";
}

/**
 * Checks, asks `confirm` (when given) and creates; answers the new task (already in the queue), or
 * null when the confirmation was declined: nothing is created then.
 */
export async function generate(req: GenerateRequest, confirm?: () => Promise<boolean>): Promise<Task | null> {
  const prompt = typeof req.data.prompt === "string" ? req.data.prompt.trim() : "";
  if (prompt && !(await passes("t", { prompt }))) throw new SensitiveContentError("t");
  const file = typeof req.data.file_path === "string" ? req.data.file_path : "";
  if (file && req.mediaKind && !(await passes(req.mediaKind, { file_path: file }))) throw new SensitiveContentError(req.mediaKind);
  if (confirm && !(await confirm())) return null;
  const answer = await createTask(req.algorithm, {
    data: req.data,
    user_data: { module: req.module ?? req.algorithm, ...req.userData },
  });
  const created = readTask(answer);
  if (!created) throw new Error("the server answered no task id");
  upsertTask({ ...created, algorithm: req.algorithm, module: req.module ?? req.algorithm, prompt });
  return (await refreshTask(created.taskId)) ?? created;
}
