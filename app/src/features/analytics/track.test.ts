import { afterEach, describe, expect, it } from "vitest";
import { EVENT, trackError, trackPurchaseLoad } from "./events";
import { analyticsQueue } from "./runtime";
import { eventName, track } from "./track";
import { vitalRating } from "./webVitals";

/** The runtime queue never sends in tests (it starts in on-app-start.ts); read what it holds. */
const last = () => analyticsQueue.pending().at(-1);

describe("track", () => {
  afterEach(() => {
    delete (window as unknown as { dataLayer?: unknown }).dataLayer;
  });

  it("queues the event with the current path and time", () => {
    window.history.replaceState(null, "", "/de/explore");
    track("button_click", { button: "generate", button_position: "create_footer" });
    expect(last()).toMatchObject({ name: "button_click", page: "/de/explore", data: { button: "generate", button_position: "create_footer" } });
    expect(last()?.at).toBeGreaterThan(0);
  });

  it("turns any name into one the server accepts", () => {
    expect(eventName("Login Dialog-Open")).toBe("login_dialog_open");
    expect(eventName("  ")).toBe("unnamed");
    expect(eventName("x".repeat(80))).toHaveLength(64);
  });

  it("keeps data the server accepts and never throws on data it would not", () => {
    track("big", { text: "a".repeat(5000) });
    expect(last()?.data).toEqual({ truncated: true, size: 5011 });
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => track("cyclic", cycle)).not.toThrow();
    expect(last()?.data).toEqual({ unserializable: true });
    track("dropped_fields", { when: undefined, fn: () => 1, n: 1 });
    expect(last()?.data).toEqual({ n: 1 });
  });

  it("pushes error events to the tag-manager layer too", () => {
    trackError(404, "Page Not Found");
    expect(last()).toMatchObject({ name: EVENT.error, data: { code: 404, message: "Page Not Found" } });
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toEqual([{ event: "error", code: 404, message: "Page Not Found" }]);
  });

  it("reports a failed purchase-interface load with duration 0", () => {
    trackPurchaseLoad("fail", 812);
    expect(last()?.data).toEqual({ status: "fail", duration: 0 });
    trackPurchaseLoad("success", 812.6);
    expect(last()?.data).toEqual({ status: "success", duration: 813 });
  });

  it("rates web vitals against the spec's good limits", () => {
    expect(vitalRating("FCP", 1799)).toBe("good");
    expect(vitalRating("FCP", 1800)).toBe("needs-improvement");
    expect(vitalRating("LCP", 2499.9)).toBe("good");
    expect(vitalRating("LCP", 2500)).toBe("needs-improvement");
  });
});
