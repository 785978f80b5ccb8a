/**
 * Web vitals of the page load: First Contentful Paint and Largest Contentful Paint
 * (docs/behaviour/ads-and-experiments.md#analytics: good under 1800 ms and 2500 ms), read with
 * PerformanceObserver.
 *
 * FCP is final when observed. LCP candidates keep coming while the page renders; as in the
 * web-vitals library, the last candidate is reported when the user first interacts (key or
 * pointer) or when the page is hidden, whichever comes first, once. A page loaded in the
 * background is not measured (its paints say nothing about what a visitor waited for).
 */
import { analyticsConstants, webVitalRating, type VitalRating, type WebVital } from "@aivg/core/rules";
import { EVENT } from "./events";
import { track } from "./track";

const constants = analyticsConstants();
/** docs/behaviour/ads-and-experiments.md#analytics "good" limits, from core. */
export const GOOD_MS = { FCP: constants.fcpGoodMs, LCP: constants.lcpGoodMs } as const;
export type VitalName = WebVital;

/** "good" under the metric's limit (docs/behaviour/ads-and-experiments.md#analytics), else "needs-improvement": core's rule. */
export function vitalRating(metric: VitalName, valueMs: number): VitalRating {
  return webVitalRating(metric, valueMs);
}

function report(metric: VitalName, valueMs: number): void {
  const value = Math.round(valueMs * 10) / 10;
  track(EVENT.webVitals, { metric, value, rating: vitalRating(metric, value) });
}

function observe(type: string, onEntries: (entries: PerformanceEntry[]) => void): PerformanceObserver | null {
  try {
    if (typeof PerformanceObserver === "undefined") return null;
    if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return null;
    const observer = new PerformanceObserver((list) => onEntries(list.getEntries()));
    observer.observe({ type, buffered: true });
    return observer;
  } catch {
    return null;
  }
}

/**
 * Starts measuring. Returns `finalize`, which reports the LCP now if not yet reported; the
 * analytics runtime calls it just before it flushes on page hide.
 */
export function measureWebVitals(): { finalize: () => void } {
  if (typeof document !== "undefined" && document.visibilityState === "hidden") return { finalize: () => {} };
  const fcp = observe("paint", (entries) => {
    const entry = entries.find((e) => e.name === "first-contentful-paint");
    if (entry) {
      report("FCP", entry.startTime);
      fcp?.disconnect();
    }
  });

  let lcpValue: number | null = null;
  let lcpDone = false;
  const lcp = observe("largest-contentful-paint", (entries) => {
    const last = entries.at(-1);
    if (last) lcpValue = last.startTime;
  });
  const finalize = () => {
    if (lcpDone || !lcp) return;
    // Entries the observer holds but has not delivered yet.
    const pending = lcp.takeRecords().at(-1);
    if (pending) lcpValue = pending.startTime;
    lcpDone = true;
    lcp.disconnect();
    for (const type of ["keydown", "pointerdown"]) removeEventListener(type, onInput, true);
    if (lcpValue !== null) report("LCP", lcpValue);
  };
  // The first input ends LCP; a scroll does not (as web-vitals).
  const onInput = () => setTimeout(finalize, 0);
  if (lcp) for (const type of ["keydown", "pointerdown"]) addEventListener(type, onInput, { capture: true, once: true });
  return { finalize };
}
