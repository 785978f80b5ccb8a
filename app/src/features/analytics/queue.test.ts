import { describe, expect, it } from "vitest";
import { AnalyticsQueue, type AnalyticsEvent, type QueueOptions, type SendOutcome } from "./queue";
import { outcomeOf } from "./transport";

const ev = (n: number): AnalyticsEvent => ({ name: `e${n}`, page: "/home", at: n + 1, data: {} });

/** A queue whose timers run only when the test says so, and whose sends answer as scripted. */
function harness(outcomes: SendOutcome[] = [], options: Partial<QueueOptions> = {}) {
  const timers: Array<{ run: () => void; ms: number; live: boolean }> = [];
  const sent: AnalyticsEvent[][] = [];
  const queue = new AnalyticsQueue({
    send: async (batch) => {
      sent.push(batch);
      return outcomes.shift() ?? "sent";
    },
    schedule: (run, ms) => {
      const t = { run, ms, live: true };
      timers.push(t);
      return t;
    },
    cancel: (t) => {
      (t as { live: boolean }).live = false;
    },
    ...options,
  });
  /** Runs the armed timer (there is at most one) and waits for its send. */
  const tick = async () => {
    const t = timers.filter((x) => x.live).at(-1);
    if (!t) return null;
    t.live = false;
    t.run();
    await new Promise((r) => setTimeout(r, 0));
    return t.ms;
  };
  return { queue, sent, timers, tick };
}

describe("analytics queue", () => {
  it("keeps at most 1000 events, dropping the oldest", () => {
    const { queue } = harness([], { started: false });
    for (let i = 0; i < 1005; i += 1) queue.push(ev(i));
    const pending = queue.pending();
    expect(pending).toHaveLength(1000);
    expect(pending[0]?.name).toBe("e5");
    expect(pending.at(-1)?.name).toBe("e1004");
    expect(queue.dropped).toBe(5);
  });

  it("sends nothing before start, then sends what waited", async () => {
    const { queue, sent, timers, tick } = harness([], { started: false });
    queue.push(ev(1));
    expect(timers).toHaveLength(0);
    queue.start();
    expect(await tick()).toBe(2000);
    expect(sent).toEqual([[ev(1)]]);
  });

  it("sends a full batch at once and a partial one after the delay, in order", async () => {
    const { queue, sent, tick } = harness([], { batchSize: 3 });
    queue.push(ev(1));
    queue.push(ev(2));
    queue.push(ev(3)); // batch full: armed with 0 ms
    queue.push(ev(4));
    expect(await tick()).toBe(0);
    expect(sent).toEqual([[ev(1), ev(2), ev(3)]]);
    expect(await tick()).toBe(2000);
    expect(sent[1]).toEqual([ev(4)]);
    expect(queue.pending()).toEqual([]);
  });

  it("retries a transient failure a bounded number of times, with growing delays, then drops silently", async () => {
    const { queue, sent, tick } = harness(["retry", "retry", "retry", "retry"], { maxAttempts: 3 });
    queue.push(ev(1));
    expect(await tick()).toBe(2000);
    expect(await tick()).toBe(1000);
    expect(await tick()).toBe(2000);
    expect(sent).toHaveLength(3);
    expect(queue.pending()).toEqual([]);
    expect(queue.dropped).toBe(1);
    expect(await tick()).toBeNull(); // nothing armed any more
  });

  it("a send that throws counts as a transient failure", async () => {
    let calls = 0;
    const { queue, tick } = harness([], {
      send: async () => {
        calls += 1;
        if (calls === 1) throw new Error("offline");
        return "sent";
      },
    });
    queue.push(ev(1));
    await tick();
    expect(queue.pending()).toEqual([ev(1)]);
    await tick();
    expect(calls).toBe(2);
    expect(queue.pending()).toEqual([]);
    expect(queue.dropped).toBe(0);
  });

  it("drops a refused batch without retrying and goes on with the next", async () => {
    const { queue, sent, tick } = harness(["drop", "sent"], { batchSize: 2 });
    [1, 2, 3].forEach((n) => queue.push(ev(n)));
    await tick();
    expect(queue.dropped).toBe(2);
    expect(await tick()).toBe(2000);
    expect(sent.map((b) => b.map((e) => e.name))).toEqual([["e1", "e2"], ["e3"]]);
  });

  it("hands everything to the beacon in batches when the page hides; a refused beacon keeps the rest", () => {
    const beacons: AnalyticsEvent[][] = [];
    let accept = 2;
    const { queue } = harness([], {
      batchSize: 2,
      started: false,
      beacon: (batch) => {
        if (accept === 0) return false;
        accept -= 1;
        beacons.push(batch);
        return true;
      },
    });
    [1, 2, 3, 4, 5].forEach((n) => queue.push(ev(n)));
    queue.start();
    queue.flushByBeacon();
    expect(beacons).toEqual([
      [ev(1), ev(2)],
      [ev(3), ev(4)],
    ]);
    expect(queue.pending()).toEqual([ev(5)]);
  });

  it("maps HTTP answers to outcomes", () => {
    expect([200, 204, 400, 413, 429, 500, 503, 0].map(outcomeOf)).toEqual(["sent", "sent", "drop", "drop", "retry", "retry", "retry", "retry"]);
  });
});
