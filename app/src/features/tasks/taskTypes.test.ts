import { describe, expect, it } from "vitest";
import { readTask, readTaskList } from "./taskTypes";

describe("readTask", () => {
  it("reads the server's task shape", () => {
    const t = readTask({
      task_id: "abc",
      algorithm: "text2image",
      module: "text2image",
      status: "succeeded",
      progress: 100,
      queue_position: 0,
      credits: 2,
      refunded: false,
      like: -1,
      save_type: "",
      data: { prompt: "a cat" },
      user_data: { module: "text2image" },
      result: { outputs: [{ url: "u", download_url: "d", width: 1024, height: 1024, media_type: "image" }] },
    });
    expect(t).toMatchObject({ taskId: "abc", status: "succeeded", prompt: "a cat", like: -1, saved: false });
    expect(t?.outputs).toEqual([{ url: "u", downloadUrl: "d", ossPath: "", width: 1024, height: 1024, mediaType: "image" }]);
  });
  it("keeps dislike (0) apart from none (-1) and clamps progress", () => {
    expect(readTask({ taskId: 1, like: 0, progress: 250 })).toMatchObject({ taskId: "1", like: 0, progress: 100, status: "queued" });
    expect(readTask({ taskId: 1 })?.like).toBe(-1);
  });
  it("keeps the request and the seed it ran with (docs/behaviour/tasks-and-queue.md#seeds)", () => {
    const t = readTask({ task_id: "s", data: { prompt: "a", seed: 4242, file_path: "u/1/a.jpg" } });
    expect(t).toMatchObject({ seed: 4242, data: { prompt: "a", file_path: "u/1/a.jpg" } });
    expect(readTask({ task_id: "n", data: { prompt: "a" } })?.seed).toBeNull();
    expect(readTask({ task_id: "x", data: { seed: "7" } })?.seed).toBeNull();
  });
  it("drops records without an id", () => {
    expect(readTask({ status: "queued" })).toBeNull();
    expect(readTaskList({ list: [{ task_id: "a" }, {}], total: 7 })).toMatchObject({ total: 7, tasks: [{ taskId: "a" }] });
  });
});
