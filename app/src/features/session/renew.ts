/**
 * Token renewal (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions `GET /v1/token/renew`;
 * #tokens-and-sessions token cookie 2 days). When is core's `tokenRenewPlan` (in the token's last
 * day): a timer renews then; app start renews at once when the token is already that close; a page
 * coming back to the foreground checks again (timers of hidden pages are throttled). Tabs renew one
 * at a time (Web Locks where the browser has them): the token is the package's, shared through its
 * cookie, so a tab that finds it already renewed by another does nothing.
 */
import { getAccessToken, renewToken, type TokenRenewPlan } from "@aivg/core/rules";
import { appStore } from "../../state/jotai";
import { laterIfLoaded, loadLater, type Later } from "../later/load";
import { keepToken, tokenAtom } from "./session";

type Store = typeof appStore;

/** Decision: a failed renewal (network) is tried again after a minute, while the token lasts. */
export const RENEW_RETRY_MS = 60_000;
/** setTimeout's longest delay (a longer one fires at once). */
const MAX_TIMER_MS = 2_147_483_647;
const LOCK = "aivg-token-renew";

let timer: ReturnType<typeof setTimeout> | null = null;
let inFlight: Promise<void> | null = null;

/** Core's plan for `token` (a later rule: only a signed-in visitor needs it). */
function planOf(rules: Later, token: string, nowMs: number): TokenRenewPlan | null {
  try {
    return rules.tokenRenewPlan(token, nowMs);
  } catch (error) {
    console.warn("token renew: unreadable token", error);
    return null;
  }
}

function withLock(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request(LOCK, () => run()).then(() => undefined) : run();
}

function later(delayMs: number, store: Store): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(
    () => {
      timer = null;
      scheduleRenew(store);
    },
    Math.max(0, Math.min(delayMs, MAX_TIMER_MS)),
  );
}

/** Renews now if the token (perhaps renewed meanwhile by another tab) is still due. */
export function renewNow(store: Store = appStore): Promise<void> {
  inFlight ??= renewOnce(store).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function renewOnce(store: Store): Promise<void> {
  let failed = false;
  await withLock(async () => {
    const token = getAccessToken();
    const plan = token ? planOf(await loadLater(), token, Date.now()) : null;
    if (!plan?.due) return;
    try {
      const answer = await renewToken();
      const fresh = answer.access_token || answer.jwt;
      if (!fresh) throw new Error("the renew answer carries no access_token");
      // Only if nobody logged out or in meanwhile.
      if (getAccessToken() === token) keepToken(fresh, store);
    } catch (error) {
      console.warn("token renew failed", error);
      failed = true;
    }
  });
  if (failed) later(RENEW_RETRY_MS, store);
  else scheduleRenew(store);
}

/**
 * Plans the next renewal of the current token (none for a guest or an ended token). The first call
 * waits for core's later rules and plans again once they are in; from then on it plans at once, so
 * a token kept during a renewal is planned while that renewal is still the one in flight.
 */
export function scheduleRenew(store: Store = appStore): void {
  if (timer) clearTimeout(timer);
  timer = null;
  const token = getAccessToken();
  if (!token) return;
  const rules = laterIfLoaded();
  if (!rules) {
    loadLater().then(
      () => {
        if (getAccessToken() === token) scheduleRenew(store);
      },
      (error: unknown) => console.warn("token renew: rules not loaded", error),
    );
    return;
  }
  const now = Date.now();
  const plan = planOf(rules, token, now);
  if (!plan || plan.expired || plan.renewAtMs === null) return;
  if (plan.due) void renewNow(store);
  else later(plan.renewAtMs - now, store);
}

/** Keeps renewal planned for the app's life: now, on every token change, on return to the page. */
export function startTokenRenewal(store: Store = appStore): () => void {
  scheduleRenew(store);
  const unsubscribe = store.sub(tokenAtom, () => scheduleRenew(store));
  const onVisible = () => {
    if (document.visibilityState === "visible") scheduleRenew(store);
  };
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    unsubscribe();
    document.removeEventListener("visibilitychange", onVisible);
    if (timer) clearTimeout(timer);
    timer = null;
  };
}
