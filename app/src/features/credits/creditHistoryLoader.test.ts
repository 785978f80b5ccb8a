import type { CreditHistoryParams } from "@aivg/core/rules";
import { describe, expect, it, vi } from "vitest";
import { CreditHistoryLoader, type CreditHistoryView } from "./creditHistoryLoader";

const record = (n: number) => ({
  type: "Consumption",
  details: `task ${n}`,
  credits: String(n),
  date: 1_700_000_000 + n,
  expire_time: 0,
  is_expired: 0,
  status: 1,
});

function server(total: number) {
  const calls: CreditHistoryParams[] = [];
  const fetch = vi.fn((q: CreditHistoryParams) => {
    calls.push(q);
    const size = q.page_size ?? 15;
    const start = (q.page - 1) * size;
    const list = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => record(start + i + 1));
    return Promise.resolve({ list, total });
  });
  return { fetch, calls };
}

describe("credit history loader", () => {
  it("loads pages of 15 while more remain, then stops", async () => {
    const { fetch, calls } = server(20);
    let view: CreditHistoryView | null = null;
    const loader = new CreditHistoryLoader(fetch, (v) => (view = v));
    await loader.loadMore();
    await loader.loadMore();
    await loader.loadMore();
    expect(calls.map((c) => [c.page, c.page_size])).toEqual([
      [1, 15],
      [2, 15],
    ]);
    expect(view!.records).toHaveLength(20);
    expect(view!.records[0]).toMatchObject({ type: "consumption", credits: 1, details: "task 1" });
  });

  it("a filter change empties the list and starts again at page 1", async () => {
    const { fetch, calls } = server(40);
    let view: CreditHistoryView | null = null;
    const loader = new CreditHistoryLoader(fetch, (v) => (view = v));
    await loader.loadMore();
    await loader.loadMore();
    await loader.setFilter("acquisition");
    expect(calls.at(-1)).toMatchObject({ type: "acquisition", page: 1 });
    expect(view!.records).toHaveLength(15);
    expect(view!.filter).toBe("acquisition");
  });

  it("a failed load stops loading and keeps the list", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let view: CreditHistoryView | null = null;
    const loader = new CreditHistoryLoader(
      () => Promise.reject(new Error("offline")),
      (v) => (view = v),
    );
    await loader.loadMore();
    expect(view!.loading).toBe(false);
    expect(view!.records).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
