import { beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../state/jotai";

vi.mock("./notify", () => ({ notifyFinished: vi.fn() }));

import { notifyFinished } from "./notify";
import { applyEvent, queueAtom, removeTask, upsertTask } from "./taskStore";
import { readTask } from "./taskTypes";

function task(id: string, status: string, algorithm = "text2image") {
  const t = readTask({ task_id: id, status, algorithm });
  if (!t) throw new Error("bad test task");
  return t;
}

const empty = appStore.get(queueAtom);
function createStore() {
  appStore.set(queueAtom, empty);
  return appStore;
}

describe("task queue store", () => {
  beforeEach(() => vi.mocked(notifyFinished).mockClear());

  it("adds new tasks first, replaces known ones, and counts both", () => {
    const store = createStore();
    upsertTask(task("a", "queued"), store);
    upsertTask(task("b", "queued"), store);
    upsertTask(task("a", "running"), store);
    const q = store.get(queueAtom);
    expect(q.tasks.map((t) => [t.taskId, t.status])).toEqual([
      ["b", "queued"],
      ["a", "running"],
    ]);
    expect([q.total, q.fetched]).toEqual([2, 2]);
  });

  it("keeps the newer view when answers arrive out of order", () => {
    const store = createStore();
    upsertTask(task("a", "running"), store);
    upsertTask(task("a", "succeeded"), store);
    // A result fetched while the task still ran, answered after the stream's "succeeded".
    upsertTask(task("a", "running"), store);
    upsertTask(task("a", "queued"), store);
    expect(store.get(queueAtom).tasks.map((t) => t.status)).toEqual(["succeeded"]);
    const at = (p: number) => readTask({ task_id: "b", status: "running", progress: p });
    upsertTask(at(40) ?? task("b", "running"), store);
    upsertTask(at(20) ?? task("b", "running"), store);
    expect(store.get(queueAtom).tasks.find((t) => t.taskId === "b")?.progress).toBe(40);
    upsertTask(at(60) ?? task("b", "running"), store);
    expect(store.get(queueAtom).tasks.find((t) => t.taskId === "b")?.progress).toBe(60);
  });

  it("takes the request from a late answer while keeping the newer state (the seed survives the race)", () => {
    const store = createStore();
    // The stream's events (state only) ran ahead of the create call's answer with its data.
    upsertTask(readTask({ task_id: "r", status: "succeeded", progress: 100 }) ?? task("r", "succeeded"), store);
    const late = readTask({ task_id: "r", status: "queued", data: { prompt: "hi", seed: 77 }, user_data: { module: "m" } });
    upsertTask(late ?? task("r", "queued"), store);
    const [kept] = store.get(queueAtom).tasks;
    expect(kept).toMatchObject({ status: "succeeded", seed: 77, data: { prompt: "hi", seed: 77 } });
  });

  it("raises the finish notice once, when an open task ends", () => {
    const store = createStore();
    upsertTask(task("a", "running"), store);
    upsertTask(task("a", "succeeded"), store);
    upsertTask(task("a", "succeeded"), store);
    expect(notifyFinished).toHaveBeenCalledTimes(1);
  });

  it("leaves the helper calls (sensitive checks, watermark download) out", () => {
    const store = createStore();
    upsertTask(task("s", "succeeded", "t_sensitive_detect"), store);
    upsertTask(task("w", "succeeded", "watermark_download"), store);
    expect(store.get(queueAtom).tasks).toEqual([]);
  });

  it("applies the server's events: addTask, updateTask, delTask", () => {
    const store = createStore();
    applyEvent("addTask", { task_id: "x", status: "queued", queue_position: 3 }, store);
    expect(store.get(queueAtom).tasks[0]?.queuePosition).toBe(3);
    applyEvent("updateTask", { task_id: "x", status: "running", progress: 40 }, store);
    expect(store.get(queueAtom).tasks[0]).toMatchObject({ status: "running", progress: 40 });
    applyEvent("delTask", { task_id: "x" }, store);
    expect(store.get(queueAtom).tasks).toEqual([]);
    removeTask("missing", store);
    expect(store.get(queueAtom).total).toBe(0);
  });

  it("keeps a known task's user_data and prompt: events carry state, not the request", () => {
    const store = createStore();
    const known = readTask({ task_id: "k", status: "queued", data: { prompt: "a lake", seed: 9 }, user_data: { module: "m", name: "x" } });
    if (!known) throw new Error("bad test task");
    upsertTask(known, store);
    applyEvent("updateTask", { task_id: "k", status: "running", progress: 10, prompt: "a lake" }, store);
    expect(store.get(queueAtom).tasks[0]).toMatchObject({
      status: "running",
      prompt: "a lake",
      userData: { module: "m", name: "x" },
      data: { prompt: "a lake", seed: 9 },
      seed: 9,
    });
    expect(readTask({ task_id: "e", prompt: "from an event" })?.prompt).toBe("from an event");
  });
});
