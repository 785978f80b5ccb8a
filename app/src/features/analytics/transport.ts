/**
 * How batches reach the server: `POST /v1/analytics/events` by fetch while the page lives, by
 * `navigator.sendBeacon` when it is hidden or going away (a fetch then may be cancelled).
 *
 * These requests deliberately bypass core's HTTP client: every call of that client is itself
 * tracked (`onCallTracked`), so sending analytics through it would track the sends forever.
 */
import type { AnalyticsEvent, SendOutcome } from "./queue";

export const EVENTS_PATH = "/v1/analytics/events";

/** The request body the server reads (server/src/analytics/event.rs). */
export function batchBody(sessionId: string, events: AnalyticsEvent[]): string {
  return JSON.stringify({ session_id: sessionId, events });
}

/** Transient failures are retried; a refusal of the batch itself is not. */
export function outcomeOf(status: number): SendOutcome {
  if (status >= 200 && status < 300) return "sent";
  if (status === 429 || status >= 500 || status === 0) return "retry";
  return "drop";
}

export function fetchSender(base: string, sessionId: () => string) {
  return async (events: AnalyticsEvent[]): Promise<SendOutcome> => {
    try {
      const response = await fetch(`${base}${EVENTS_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: batchBody(sessionId(), events),
        // Lets a send started just before navigation finish.
        keepalive: true,
        credentials: "omit",
      });
      return outcomeOf(response.status);
    } catch {
      return "retry";
    }
  };
}

export function beaconSender(base: string, sessionId: () => string) {
  return (events: AnalyticsEvent[]): boolean => {
    if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return false;
    // A string body goes as text/plain, which needs no CORS preflight; the server reads any type.
    return navigator.sendBeacon(`${base}${EVENTS_PATH}`, batchBody(sessionId(), events));
  };
}
