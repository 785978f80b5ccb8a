import { beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../state/jotai";

vi.mock("./notify", () => ({ notifyFinished: vi.fn() }));
vi.mock("@aivg/core/rules", async (original) => ({ ...(await original<typeof import("@aivg/core/rules")>()), listTasks: vi.fn() }));

import { hasNextPage, listTasks } from "@aivg/core/rules";
import { queueAtom, reloadTasks, upsertTask } from "./taskStore";
import { readTask, type Task } from "./taskTypes";

function task(raw: Record<string, unknown>): Task {
  const t = readTask({ algorithm: "text2image", ...raw });
  if (!t) throw new Error("bad test task");
  return t;
}

/** A list answer the test releases when it wants (the list "in flight"). */
function pendingList(): { release: (answer: unknown) => void } {
  let release: (answer: unknown) => void = () => undefined;
  vi.mocked(listTasks).mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
  return { release: (answer) => release(answer) };
}

const empty = appStore.get(queueAtom);

describe("task list reload", () => {
  beforeEach(() => {
    appStore.set(queueAtom, empty);
    vi.mocked(listTasks).mockReset();
  });

  it("shows a task that finished while the list was loading as done, not at its create answer's progress", async () => {
    const list = pendingList();
    const loading = reloadTasks(appStore);
    // The create answer lands while the list is in flight; the task then finishes in a few ms
    // and its "succeeded" event went out before the stream was listening.
    upsertTask(task({ task_id: "t1", status: "running", progress: 5 }), appStore);
    list.release({ list: [{ task_id: "t1", algorithm: "text2image", status: "succeeded", progress: 100 }], total: 1 });
    await loading;
    expect(appStore.get(queueAtom).tasks.map((t) => [t.taskId, t.status])).toEqual([["t1", "succeeded"]]);
  });

  it("keeps a change made while the list was loading when the list is older", async () => {
    const list = pendingList();
    const loading = reloadTasks(appStore);
    upsertTask(task({ task_id: "t1", status: "running", progress: 40 }), appStore);
    list.release({ list: [{ task_id: "t1", status: "running", progress: 20 }], total: 1 });
    await loading;
    expect(appStore.get(queueAtom).tasks[0]?.progress).toBe(40);
  });

  it("offers no Load more when the only other record is a helper check", async () => {
    vi.mocked(listTasks).mockResolvedValueOnce({
      list: [
        { task_id: "t1", algorithm: "text2image", status: "succeeded" },
        { task_id: "s1", algorithm: "t_sensitive_detect", status: "succeeded" },
      ],
      total: 2,
    });
    await reloadTasks(appStore);
    const q = appStore.get(queueAtom);
    expect(q.tasks.map((t) => t.taskId)).toEqual(["t1"]);
    expect(hasNextPage(q.total, q.fetched)).toBe(false);
  });

  it("offers Load more while the server has more than the first page", async () => {
    const page = Array.from({ length: 20 }, (_, i) => ({ task_id: `t${i}`, status: "succeeded" }));
    vi.mocked(listTasks).mockResolvedValueOnce({ list: page, total: 21 });
    await reloadTasks(appStore);
    const q = appStore.get(queueAtom);
    expect(hasNextPage(q.total, q.fetched)).toBe(true);
  });
});
