import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../overlays/toasts", () => ({ showToast: vi.fn() }));

import { showToast } from "../overlays/toasts";
import { share } from "../tasks/taskActions";
import { readTask } from "../tasks/taskTypes";

const output = readTask({ task_id: "t", status: "succeeded", result: { outputs: [{ url: "https://cdn.example/a.png", media_type: "image" }] } })?.outputs[0];

afterEach(() => vi.restoreAllMocks());

describe("share", () => {
  it("copies the link the legacy way when the Clipboard API refuses", async () => {
    if (!output) throw new Error("bad test output");
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: () => Promise.reject(new Error("denied")) } });
    const exec = vi.fn(() => true);
    Object.defineProperty(document, "execCommand", { configurable: true, value: exec });
    await share(output);
    expect(exec).toHaveBeenCalledWith("copy");
    expect(vi.mocked(showToast).mock.calls[0]?.[0]).toBe("success");
  });
});
