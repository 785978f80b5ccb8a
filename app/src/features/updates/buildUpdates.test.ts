import type { BuildManifest, LatestBuild } from "@aivg/core/rules";
import { describe, expect, it, vi } from "vitest";
import { BuildUpdates, type BuildUpdatesDeps } from "./buildUpdates";

function deps(over: Partial<BuildUpdatesDeps> = {}) {
  const timeouts: Array<{ fn: () => void; ms: number }> = [];
  const intervals: Array<{ fn: () => void; ms: number }> = [];
  const map = new Map<string, string>();
  const d: BuildUpdatesDeps = {
    currentId: "build-a",
    fetchLatest: vi.fn(async (): Promise<LatestBuild> => ({ id: "build-a" })),
    fetchManifest: vi.fn(async (id: string): Promise<BuildManifest | undefined> => ({ id, prerendered: ["/home"] })),
    prefetchDelayMs: 1000,
    pollMs: 60_000,
    reload: vi.fn(),
    now: () => 50_000,
    storage: { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) },
    setTimeout: (fn, ms) => timeouts.push({ fn, ms }),
    setInterval: (fn, ms) => intervals.push({ fn, ms }),
    clearTimer: () => {},
    ...over,
  };
  return { d, timeouts, intervals };
}

describe("build updates (docs/behaviour/languages-and-routes.md#build-updates)", () => {
  it("never reloads while the server names the running build", async () => {
    const { d } = deps();
    const u = new BuildUpdates(d);
    expect(await u.check()).toBe(false);
    expect(u.onNavigation("/explore")).toBe(false);
    expect(d.reload).not.toHaveBeenCalled();
  });

  it("reloads at the next navigation once a newer build id is seen, guarded", async () => {
    const { d } = deps({ fetchLatest: vi.fn(async () => ({ id: "build-b", timestamp: 2 })) });
    const u = new BuildUpdates(d);
    const seen = vi.fn();
    u.onOutdated(seen);
    expect(await u.check()).toBe(true);
    expect(await u.check()).toBe(true);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith("build-b");
    expect(u.onNavigation("/explore?x=1")).toBe(true);
    expect(d.reload).toHaveBeenCalledWith("/explore?x=1");
    // The guard (set just now) stops a loop within 10 s.
    expect(u.onNavigation("/home")).toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it("keeps going after a failed poll", async () => {
    const warn = vi.fn();
    const fetchLatest = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({ id: "build-c" });
    const { d } = deps({ fetchLatest, warn });
    const u = new BuildUpdates(d);
    expect(await u.check()).toBe(false);
    expect(warn).toHaveBeenCalled();
    expect(await u.check()).toBe(true);
  });

  it("schedules the manifest prefetch at core's delay and the poll", () => {
    const { d, timeouts, intervals } = deps();
    new BuildUpdates(d).start();
    expect(timeouts.map((t) => t.ms)).toEqual([1000]);
    expect(intervals.map((t) => t.ms)).toEqual([60_000]);
    timeouts[0]?.fn();
    expect(d.fetchManifest).toHaveBeenCalledWith("build-a");
  });

  it("does not prefetch when core gives no delay (slow-2g)", () => {
    const { d, timeouts } = deps({ prefetchDelayMs: undefined });
    new BuildUpdates(d).start();
    expect(timeouts).toEqual([]);
  });

  it("fetches the manifest once for every caller, and again after a failure", async () => {
    const fetchManifest = vi
      .fn()
      .mockRejectedValueOnce(new Error("500"))
      .mockResolvedValue({ id: "build-a", prerendered: ["/home"] });
    const { d } = deps({ fetchManifest, warn: () => {} });
    const u = new BuildUpdates(d);
    expect(await u.manifest()).toBeUndefined();
    const [a, b] = await Promise.all([u.manifest(), u.manifest()]);
    expect(a).toBe(b);
    expect(a?.prerendered).toEqual(["/home"]);
    expect(fetchManifest).toHaveBeenCalledTimes(2);
  });
});
