/**
 * Starts analytics once the app runs: the queue begins sending, web vitals are measured, every API
 * call of core's client is tracked (`onCallTracked`), uncaught errors are reported, and when the
 * page is hidden or goes away the last LCP is taken and everything queued leaves by beacon.
 *
 * Events that other features still announce as `aivg:track` window events (the account features'
 * own queue in features/session/track.ts) are forwarded into this queue so they reach the server.
 */
import { onCallTracked } from "@aivg/core/rules";
import { trackApiCall } from "./events";
import { trackUncaughtErrors } from "./errors";
import { analyticsQueue } from "./runtime";
import { track } from "./track";
import { measureWebVitals } from "./webVitals";

let started = false;

interface ForwardedEvent {
  name?: unknown;
  data?: unknown;
}

export function onAppStart(): void {
  if (started) return;
  started = true;
  const vitals = measureWebVitals();
  trackUncaughtErrors();
  onCallTracked((record) => trackApiCall(record));
  window.addEventListener("aivg:track", (event) => {
    const detail = (event as CustomEvent<ForwardedEvent>).detail;
    if (detail && typeof detail.name === "string") {
      const data = detail.data && typeof detail.data === "object" ? (detail.data as Record<string, unknown>) : {};
      track(detail.name, data);
    }
  });
  const leave = () => {
    vitals.finalize();
    analyticsQueue.flushByBeacon();
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") leave();
  });
  window.addEventListener("pagehide", leave);
  analyticsQueue.start();
}
