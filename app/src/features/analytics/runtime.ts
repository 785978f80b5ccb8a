/**
 * The page's single analytics queue. It exists from the first import so that events tracked
 * before the app has started (a click during start-up, a call made by a loader) are kept; it starts
 * sending only when `on-app-start.ts` says so, so unit tests never send anything.
 */
import { sessionIdExpired } from "@aivg/core/rules";
import { apiBase } from "../../env";
import { AnalyticsQueue } from "./queue";
import { beaconSender, fetchSender } from "./transport";

let session: { id: string; createdAt: number } | null = null;

/**
 * The analytics session: a random id per tab, renewed after 30 minutes (core's
 * `sessionIdExpired`, docs/behaviour/accounts-and-sessions.md#tokens-and-sessions session id
 * refresh 1,800,000 ms).
 */
export function analyticsSessionId(): string {
  const now = Date.now();
  if (!session || sessionIdExpired(session.createdAt, now)) {
    const id =
      typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
        ? crypto.randomUUID()
        : `${now.toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
    session = { id, createdAt: now };
  }
  return session.id;
}

export const analyticsQueue = new AnalyticsQueue({
  send: fetchSender(apiBase, analyticsSessionId),
  beacon: beaconSender(apiBase, analyticsSessionId),
  started: false,
});
