/**
 * The prelaunch promotion of the image model
 * (docs/behaviour/ads-and-experiments.md#prelaunch-promotion "Prelaunch promotion",
 * #prelaunch-promotion): a visit with `promo_campaign=nano_banana2_prelaunch` sets the session flag
 * "promo pending"; a logged-out visitor gets the login dialog; once the user's uid is known the
 * promotion is applied (`POST /v1/activity/apply { code: "nano2_free" }`, core's `applyActivity`)
 * and the flag cleared; state 1 or 3 opens the success modal, 5 the ended modal, anything else (or
 * a failed call) the failed modal. The flag is set again when the page unmounts before the
 * promotion was processed (e.g. the login leaves the page), so the next visit picks it up.
 */

import { prelaunchConstants, prelaunchOutcome } from "@aivg/core/rules";

const campaign = prelaunchConstants();
/** Campaign query key and value (docs/behaviour/ads-and-experiments.md#prelaunch-promotion), from core. */
export const PROMO_QUERY_KEY = campaign.queryKey;
export const PROMO_QUERY_VALUE = campaign.queryValue;
/** The activity code the campaign applies (docs/behaviour/ads-and-experiments.md#prelaunch-promotion), from core. */
export const PROMO_ACTIVITY_CODE = campaign.activityCode;
/** Session-storage key of the "promo pending" flag (name not shown in the spec). */
export const PROMO_PENDING_KEY = "promo_pending";

export type PromoOutcome = "success" | "ended" | "failed";

/** The modal a response state opens: core's outcome, a duplicate (state 3) shown as a success. */
export function promoOutcome(state: unknown): PromoOutcome {
  const outcome = prelaunchOutcome(state);
  return outcome === "duplicate" ? "success" : outcome;
}

/** Whether a query string carries the campaign. */
export function hasPromoQuery(search: string): boolean {
  return new URLSearchParams(search).get(PROMO_QUERY_KEY) === PROMO_QUERY_VALUE;
}

export interface PromoDeps {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined;
  apply: () => Promise<{ state?: unknown }>;
  requestLogin: () => void;
  /** Shown while the call runs; answers a function that closes it. */
  showProgress: () => (done: boolean) => void;
  showOutcome: (outcome: PromoOutcome) => void;
  warn?: (message: string, error?: unknown) => void;
}

function flagSet(storage: PromoDeps["storage"]): boolean {
  try {
    return storage?.getItem(PROMO_PENDING_KEY) === "1";
  } catch {
    return false;
  }
}

function setFlag(storage: PromoDeps["storage"], on: boolean): void {
  try {
    if (on) storage?.setItem(PROMO_PENDING_KEY, "1");
    else storage?.removeItem(PROMO_PENDING_KEY);
  } catch (error) {
    console.warn("promo flag not saved", error); // docs/behaviour/calls-and-errors.md#the-error-catalogue: storage failures are tolerated
  }
}

export class PrelaunchPromo {
  private processing = false;
  private processed = false;
  private loginRequested = false;

  constructor(private readonly deps: PromoDeps) {}

  /** Call when the page mounts or its query changes. */
  onQuery(search: string): void {
    if (hasPromoQuery(search)) setFlag(this.deps.storage, true);
  }

  /**
   * Call whenever the user state is known or changes: `uid` null for a logged-out visitor.
   * Answers what happened.
   */
  async onUser(uid: string | null): Promise<"idle" | "login" | PromoOutcome> {
    if (!flagSet(this.deps.storage) || this.processing) return "idle";
    if (!uid) {
      if (!this.loginRequested) {
        this.loginRequested = true;
        this.deps.requestLogin();
      }
      return "login";
    }
    this.processing = true;
    setFlag(this.deps.storage, false);
    const closeProgress = this.deps.showProgress();
    let outcome: PromoOutcome;
    try {
      const answer = await this.deps.apply();
      outcome = promoOutcome(answer?.state);
    } catch (error) {
      this.deps.warn?.("promotion apply failed", error);
      outcome = "failed";
    }
    closeProgress(outcome === "success");
    this.processing = false;
    this.processed = true;
    this.deps.showOutcome(outcome);
    return outcome;
  }

  /** Call when the page unmounts: an unprocessed campaign stays pending. */
  onUnmount(search: string): void {
    if (!this.processed && (hasPromoQuery(search) || this.loginRequested)) setFlag(this.deps.storage, true);
  }
}
