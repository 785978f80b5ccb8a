import { timings } from "@aivg/core/rules";
import { describe, expect, it } from "vitest";
import { layoutToasts, liveToasts, makeToast, nextToastChange } from "./toasts";

describe("toasts", () => {
  const { toastDurationMs, toastFadeMs, toastTopPx, toastSpacingPx } = timings();

  it("reads the type the way core does", () => {
    expect(makeToast("Warning", "x", 0).kind).toBe("warn");
    expect(makeToast("success", "x", 0).kind).toBe("success");
    expect(() => makeToast("loud", "x", 0)).toThrow();
  });

  it("stacks live toasts at core's offsets, oldest on top", () => {
    const list = [makeToast("info", "a", 0), makeToast("error", "b", 10), makeToast("success", "c", 20)];
    const tops = layoutToasts(list, 30).map((l) => l.top);
    expect(tops).toEqual([toastTopPx, toastTopPx + toastSpacingPx, toastTopPx + 2 * toastSpacingPx]);
  });

  it("moves the others up when the first is gone", () => {
    const first = makeToast("info", "a", 0);
    const second = makeToast("info", "b", toastDurationMs);
    const at = toastDurationMs + toastFadeMs + 1; // the first is gone, the second still visible
    const layout = layoutToasts([first, second], at);
    expect(layout.map((l) => l.toast.text)).toEqual(["b"]);
    expect(layout[0]?.top).toBe(toastTopPx);
  });

  it("fades after the duration and drops after the fade", () => {
    const t = makeToast("info", "a", 0);
    expect(layoutToasts([t], toastDurationMs - 1)[0]?.phase).toBe("visible");
    expect(layoutToasts([t], toastDurationMs + 1)[0]?.phase).toBe("fading");
    expect(liveToasts([t], toastDurationMs + toastFadeMs + 1)).toEqual([]);
  });

  it("keeps a sticky toast and schedules nothing for it", () => {
    const sticky = makeToast("error", "a", 0, 0);
    expect(liveToasts([sticky], 10 * toastDurationMs)).toHaveLength(1);
    expect(nextToastChange([sticky], 5)).toBeUndefined();
  });

  it("names the next phase change", () => {
    const t = makeToast("info", "a", 1000);
    expect(nextToastChange([t], 1000)).toBe(toastDurationMs);
    expect(nextToastChange([t], 1000 + toastDurationMs)).toBe(toastFadeMs);
  });
});
