/**
 * The payment poll of the buy dialog (docs/behaviour/pricing-and-purchase.md#purchase-popup): every
 * 2 s, at most 450 requests, paused while the page is hidden (core's `paymentPollNext`); each
 * request carries the whole seconds since the dialog opened (core's `paymentPollElapsedSeconds`). A
 * trade in that window is a purchase: the poll stops and reports the first trade's first SKU id
 * (`list[0].sku_id_list[0]`).
 */
import { type TradeInfoAnswer, type TradeInfoParams } from "@aivg/core/rules";
import { paymentPollElapsedSeconds, paymentPollNext } from "@aivg/core/later";

export interface PollDeps {
  tradeInfo: (params: TradeInfoParams) => Promise<TradeInfoAnswer>;
  hidden: () => boolean;
  now: () => number;
  schedule: (fn: () => void, ms: number) => () => void;
  onPurchase: (skuId: string | null) => void;
}

export class PaymentPoll {
  private tries = 0;
  private cancel: (() => void) | null = null;
  private stopped = false;
  private inFlight = false;
  private paused = false;

  constructor(
    private readonly openedAtMs: number,
    private readonly deps: PollDeps,
  ) {}

  start(): void {
    this.next();
  }

  stop(): void {
    this.stopped = true;
    this.cancel?.();
    this.cancel = null;
  }

  /** The page became visible again: resume a paused poll. */
  resume(): void {
    if (this.paused && !this.stopped) {
      this.paused = false;
      this.next();
    }
  }

  /** Polls at once (e.g. the store tab said it was paid); counts as one try. */
  pollNow(): void {
    if (this.stopped) return;
    this.cancel?.();
    this.cancel = null;
    void this.poll();
  }

  get requests(): number {
    return this.tries;
  }

  private next(): void {
    if (this.stopped) return;
    const action = paymentPollNext(this.tries, this.deps.hidden());
    if (action.type === "stop") {
      this.stopped = true;
      return;
    }
    if (action.type === "pause") {
      this.paused = true;
      return;
    }
    this.cancel = this.deps.schedule(() => void this.poll(), action.delayMs);
  }

  private async poll(): Promise<void> {
    if (this.stopped || this.inFlight) return;
    this.inFlight = true;
    this.tries += 1;
    try {
      const answer = await this.deps.tradeInfo({ time_before: paymentPollElapsedSeconds(this.openedAtMs, this.deps.now()) });
      if (this.stopped) return;
      if (Number(answer.total ?? 0) > 0) {
        this.stopped = true;
        const id = answer.list?.[0]?.sku_id_list?.[0];
        this.deps.onPurchase(id === undefined ? null : String(id));
        return;
      }
    } catch (error) {
      console.warn("payment poll failed", error);
    } finally {
      this.inFlight = false;
    }
    this.next();
  }
}
