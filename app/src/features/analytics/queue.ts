/**
 * The one client-side queue of analytics events (docs/behaviour/ads-and-experiments.md#analytics:
 * at most 1000 events, the oldest dropped first). Events leave in batches: when a batch is full,
 * after a short delay otherwise, and all at once by beacon when the page is hidden. Analytics never
 * breaks the page: a send that fails for a transient reason (network, HTTP 5xx or 429) is retried a
 * bounded number of times with a growing delay, then dropped silently; a batch the server refuses
 * (other 4xx) is dropped at once, since sending it again would be refused again.
 *
 * The queue holds no I/O of its own: the sender and the timer are injected, so tests drive it.
 */
import { analyticsConstants } from "@aivg/core/rules";

/** What the server stores of one event (see server/src/analytics/event.rs). */
export interface AnalyticsEvent {
  name: string;
  /** The path the event happened on. */
  page: string;
  /** Epoch ms. */
  at: number;
  data: Record<string, unknown>;
}

/** How a send ended. */
export type SendOutcome = "sent" | "retry" | "drop";

export interface QueueOptions {
  /** Sends one batch by fetch. */
  send: (events: AnalyticsEvent[]) => Promise<SendOutcome>;
  /** Hands one batch to the browser while the page goes away; false when it refused it. */
  beacon?: (events: AnalyticsEvent[]) => boolean;
  /** Timer (setTimeout by default). */
  schedule?: (run: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  /** docs/behaviour/ads-and-experiments.md#analytics: analytics queue max 1000 events. */
  maxEvents?: number;
  /** Events per request (the server accepts up to 100). */
  batchSize?: number;
  /** Delay before a batch that is not full leaves. */
  flushDelayMs?: number;
  /** Sends of one batch before it is dropped (first try included). */
  maxAttempts?: number;
  /** Delay before the first retry; doubled for each further one. */
  retryDelayMs?: number;
  /** False: events only queue until `start()` (the app starts sending once it runs). */
  started?: boolean;
}

/** Our own choices, but the cap (docs/behaviour/ads-and-experiments.md#analytics: 1000 events, from core). */
export const QUEUE_DEFAULTS = {
  maxEvents: analyticsConstants().queueMaxEvents,
  batchSize: 50,
  flushDelayMs: 2000,
  maxAttempts: 3,
  retryDelayMs: 1000,
  started: true,
} as const;

export class AnalyticsQueue {
  private readonly events: AnalyticsEvent[] = [];
  private readonly opts: Required<Omit<QueueOptions, "beacon">> & Pick<QueueOptions, "beacon">;
  private timer: unknown = null;
  private sending = false;
  private started: boolean;
  /** Failed sends of the batch at the head of the queue. */
  private attempts = 0;
  /** Events dropped (cap, refused or out of retries), for tests and debugging. */
  dropped = 0;

  constructor(options: QueueOptions) {
    this.opts = {
      ...QUEUE_DEFAULTS,
      schedule: (run, ms) => setTimeout(run, ms),
      cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
    this.started = this.opts.started;
  }

  /** Starts sending (events queued so far leave after the usual delay). */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (this.events.length > 0) this.arm(this.events.length >= this.opts.batchSize ? 0 : this.opts.flushDelayMs);
  }

  /** Events waiting, oldest first (a copy). */
  pending(): AnalyticsEvent[] {
    return [...this.events];
  }

  /** Adds an event; the oldest goes when the queue is full. */
  push(event: AnalyticsEvent): void {
    this.events.push(event);
    const over = this.events.length - this.opts.maxEvents;
    if (over > 0) {
      this.events.splice(0, over);
      this.dropped += over;
    }
    // While a send is in flight or a retry waits, their own timing decides the next send.
    if (!this.started || this.sending || this.attempts > 0) return;
    if (this.events.length >= this.opts.batchSize) this.arm(0);
    else if (this.timer === null) this.arm(this.opts.flushDelayMs);
  }

  /** Sends the head batch now (by fetch). Resolves when that send and its bookkeeping are done. */
  async flush(): Promise<void> {
    this.disarm();
    if (!this.started || this.sending || this.events.length === 0) return;
    this.sending = true;
    const batch = this.events.slice(0, this.opts.batchSize);
    let outcome: SendOutcome;
    try {
      outcome = await this.opts.send(batch);
    } catch {
      outcome = "retry";
    }
    this.sending = false;
    // The batch is still at the head unless the cap pushed some of it out meanwhile.
    const still = batch.filter((e) => this.events.includes(e));
    if (outcome === "retry" && this.attempts + 1 < this.opts.maxAttempts) {
      this.attempts += 1;
      this.arm(this.opts.retryDelayMs * 2 ** (this.attempts - 1));
      return;
    }
    this.removeHead(still);
    if (outcome !== "sent") this.dropped += still.length;
    this.attempts = 0;
    if (this.events.length > 0) this.arm(this.events.length >= this.opts.batchSize ? 0 : this.opts.flushDelayMs);
  }

  /**
   * The page is going away: hands every waiting event to the beacon, batch by batch. Events the
   * browser refuses stay queued (a later fetch may still send them if the page comes back).
   */
  flushByBeacon(): void {
    const beacon = this.opts.beacon;
    if (!beacon || !this.started) return;
    this.disarm();
    // A batch in flight by fetch is left to it (it may still arrive); the rest go now.
    const start = this.sending ? Math.min(this.opts.batchSize, this.events.length) : 0;
    while (this.events.length > start) {
      const batch = this.events.slice(start, start + this.opts.batchSize);
      let accepted = false;
      try {
        accepted = beacon(batch);
      } catch {
        accepted = false;
      }
      if (!accepted) break;
      this.events.splice(start, batch.length);
      if (start === 0) this.attempts = 0;
    }
  }

  private removeHead(batch: AnalyticsEvent[]): void {
    for (const e of batch) {
      const i = this.events.indexOf(e);
      if (i >= 0) this.events.splice(i, 1);
    }
  }

  private arm(ms: number): void {
    this.disarm();
    this.timer = this.opts.schedule(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private disarm(): void {
    if (this.timer !== null) {
      this.opts.cancel(this.timer);
      this.timer = null;
    }
  }
}
