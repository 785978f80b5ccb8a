import { describe, expect, it, vi } from "vitest";
import { PaymentPoll, type PollDeps } from "./paymentPoll";

function harness(answers: Array<{ total: number; list?: Array<{ sku_id_list: number[] }> }>, hidden = false) {
  const queue: Array<{ fn: () => void; ms: number }> = [];
  const params: number[] = [];
  let now = 1_000_000;
  const deps: PollDeps = {
    tradeInfo: vi.fn((p) => {
      params.push(p.time_before);
      return Promise.resolve(answers.shift() ?? { total: 0 });
    }),
    hidden: () => hidden,
    now: () => now,
    schedule: (fn, ms) => {
      const entry = { fn, ms };
      queue.push(entry);
      return () => queue.splice(queue.indexOf(entry), 1);
    },
    onPurchase: vi.fn(),
  };
  const tick = async () => {
    const entry = queue.shift();
    if (!entry) return false;
    now += entry.ms;
    entry.fn();
    await new Promise((r) => setTimeout(r, 0));
    return true;
  };
  return { deps, queue, params, tick, setHidden: (h: boolean) => (hidden = h) };
}

describe("payment poll", () => {
  it("polls every 2 s with the elapsed seconds and stops on a trade", async () => {
    const h = harness([{ total: 0 }, { total: 1, list: [{ sku_id_list: [24120100] }] }]);
    const poll = new PaymentPoll(1_000_000, h.deps);
    poll.start();
    expect(h.queue[0]?.ms).toBe(2000);
    await h.tick();
    await h.tick();
    expect(h.params).toEqual([2, 4]);
    expect(h.deps.onPurchase).toHaveBeenCalledWith("24120100");
    expect(h.queue).toHaveLength(0);
  });

  it("pauses while hidden and resumes when visible", async () => {
    const h = harness([], true);
    const poll = new PaymentPoll(1_000_000, h.deps);
    poll.start();
    expect(h.queue).toHaveLength(0);
    h.setHidden(false);
    poll.resume();
    expect(h.queue).toHaveLength(1);
  });

  it("gives up after 450 requests", async () => {
    const h = harness([]);
    const poll = new PaymentPoll(1_000_000, h.deps);
    poll.start();
    while (await h.tick());
    expect(poll.requests).toBe(450);
    expect(h.deps.onPurchase).not.toHaveBeenCalled();
  });
});
