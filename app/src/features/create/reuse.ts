/**
 * "Use these settings again" (docs/behaviour/tasks-and-queue.md#using-a-tasks-settings-again): a
 * finished or failed task's card opens its module's screen with `?reuse=<task id>`; the screen
 * reads the task (its request as the server kept it) and starts from the same prompt, style, ratio,
 * length, voice, input files and seed. The files are the task's stored uploads, reused by their
 * path and shown through a signed link, never uploaded again.
 */
import { getOssSign, getTaskResults, routePath, taskModule, type LanguageCode, type RouteName } from "@aivg/core/rules";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { readTaskList, type Task } from "../tasks/taskTypes";
import { withMediaInfo, type UploadedFile } from "./upload";

/** The query parameter naming the task whose settings a screen starts from. */
export const REUSE_PARAM = "reuse";

/** The screens that read `?reuse=` (route names of core's route table), so a card offers the action only for these. */
const REUSING_SCREENS: readonly string[] = [
  "TextToImage",
  "ImageToImage",
  "TextToVideo",
  "ImageToVideo",
  "VideoToAnime",
  "VideoToVideo",
  "TextToMusic",
  "LipSync",
];

/**
 * The link of the screen that starts from a finished or failed task's settings (its module's
 * first screen; a song opens the music page's song tab), or null when that screen cannot (the
 * tools whose mask is painted anew, the effects).
 */
export function reuseHref(task: Pick<Task, "algorithm" | "status" | "taskId">, language: LanguageCode): string | null {
  if (task.status !== "succeeded" && task.status !== "failed") return null;
  const row = taskModule(task.algorithm);
  const screen = row?.screens[0];
  if (!row || !screen || !REUSING_SCREENS.includes(screen)) return null;
  const query = new URLSearchParams({ [REUSE_PARAM]: task.taskId });
  if (screen === "TextToMusic" && row.fields.some((f) => f.name === "lyrics")) query.set("tab", "song");
  return `${routePath(screen as RouteName, {}, language)}?${query.toString()}`;
}

/** The settings a screen starts from. */
export interface ReusedSettings {
  algorithm: string;
  module: string;
  data: Record<string, unknown>;
  seed: number | null;
  /** The uploaded file of `data.file_path`, as its picker shows it. */
  file: UploadedFile | null;
  userData: Record<string, unknown>;
}

function text(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** A stored upload as a picker's value (also the talking avatar's audio file): its signed link to show it, and what the server reads of it. */
export async function storedFile(ossPath: string, kind: UploadedFile["kind"]): Promise<UploadedFile> {
  const signed = (await getOssSign({ oss_path: ossPath })) as { url?: unknown } | null;
  return withMediaInfo({ ossPath, kind, previewUrl: text(signed?.url), width: 0, height: 0 });
}

/** Reads the task of `?reuse=`; null while loading or when there is none. */
export async function loadReused(taskId: string, mediaKind: UploadedFile["kind"] | undefined): Promise<ReusedSettings | null> {
  const [task] = readTaskList(await getTaskResults([taskId])).tasks;
  if (!task) return null;
  const path = text(task.data.file_path) || text(task.data.oss_path);
  return {
    algorithm: task.algorithm,
    module: task.module,
    data: task.data,
    seed: task.seed,
    file: path && mediaKind ? await storedFile(path, mediaKind) : null,
    userData: task.userData,
  };
}

/** The reused settings of the screen's `?reuse=` task, once loaded (each screen applies them once). */
export function useReused(mediaKind: UploadedFile["kind"] | undefined, apply: (s: ReusedSettings) => void): void {
  const [query] = useSearchParams();
  const id = query.get(REUSE_PARAM);
  const [done, setDone] = useState<string | null>(null);
  // The screen's setters, as of its last render (the load below outlives renders).
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    if (!id || done === id) return;
    let live = true;
    loadReused(id, mediaKind)
      .then((s) => {
        if (!live) return;
        setDone(id);
        if (s) applyRef.current(s);
      })
      .catch((e: unknown) => console.warn("task settings not loaded", e));
    return () => {
      live = false;
    };
  }, [id, mediaKind, done]);
}
