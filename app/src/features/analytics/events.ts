/**
 * The tracking events the spec names (docs/behaviour/ads-and-experiments.md#analytics), one helper
 * each so every feature sends the same name and fields. All go through `track`; none throws.
 */
import type { CallTrackingRecord } from "@aivg/core/rules";
import { track } from "./track";

export const EVENT = {
  pageView: "page_view",
  webVitals: "web_vitals",
  activityExpose: "activity_expose",
  activityTaskStatus: "activity_task_status",
  error: "error",
  hookClick: "hook_click",
  buttonClick: "button_click",
  purchaseExpose: "purchase_interface_expose",
  purchaseClick: "purchase_interface_click",
  purchaseLoad: "purchase_interface_load",
  videoGeneration: "video_generation",
  apiCall: "api_call",
} as const;

/** A page was shown (first load and every path change). */
export function trackPageView(route: string, language: string): void {
  track(EVENT.pageView, { route, language });
}

/** An activity (promotion) entry was shown. */
export function trackActivityExpose(activity: string, data: Record<string, unknown> = {}): void {
  track(EVENT.activityExpose, { activity, ...data });
}

/** The result of an activity task (docs/behaviour/ads-and-experiments.md#analytics: success, duplicate or failed). */
export function trackActivityStatus(activity: string, status: "success" | "duplicate" | "failed"): void {
  track(EVENT.activityTaskStatus, { activity, status });
}

/** A hook (banner, teaser, upsell entry) was clicked. */
export function trackHookClick(hook: string, data: Record<string, unknown> = {}): void {
  track(EVENT.hookClick, { hook, ...data });
}

/** A button was clicked; `position` says where on the page it sits (docs/behaviour/tasks-and-queue.md#the-queue button_position). */
export function trackButtonClick(button: string, position: string, data: Record<string, unknown> = {}): void {
  track(EVENT.buttonClick, { button, button_position: position, ...data });
}

/** The purchase interface was shown. */
export function trackPurchaseExpose(data: Record<string, unknown> = {}): void {
  track(EVENT.purchaseExpose, data);
}

/** Something in the purchase interface was clicked. */
export function trackPurchaseClick(data: Record<string, unknown> = {}): void {
  track(EVENT.purchaseClick, data);
}

/**
 * The purchase interface finished loading. A failed load reports duration 0
 * (docs/behaviour/calls-and-errors.md#the-error-catalogue: "a load event with status fail and
 * duration 0").
 */
export function trackPurchaseLoad(status: "success" | "fail", durationMs: number): void {
  track(EVENT.purchaseLoad, { status, duration: status === "fail" ? 0 : Math.max(0, Math.round(durationMs)) });
}

/** A step of a video generation (submit, success, fail, cancel, ...). */
export function trackVideoGeneration(stage: string, data: Record<string, unknown> = {}): void {
  track(EVENT.videoGeneration, { stage, ...data });
}

/** Core's record of one API call (docs/behaviour/calls-and-errors.md#call-tracking: host, URL, HTTP status, code, message, status, duration, trace id). */
export function trackApiCall(record: CallTrackingRecord): void {
  track(EVENT.apiCall, {
    host: record.host,
    url: record.url,
    http_status: record.httpStatus,
    code: record.code,
    message: record.message,
    status: record.status,
    duration: record.duration,
    trace_id: record.traceId,
  });
}

interface DataLayerWindow {
  dataLayer?: unknown[];
}

/**
 * An error event with code and message, also pushed to the tag-manager layer `window.dataLayer`
 * (docs/behaviour/ads-and-experiments.md#analytics).
 */
export function trackError(code: string | number, message: string): void {
  track(EVENT.error, { code, message });
  try {
    const w = window as unknown as DataLayerWindow;
    w.dataLayer = Array.isArray(w.dataLayer) ? w.dataLayer : [];
    w.dataLayer.push({ event: EVENT.error, code, message });
  } catch {
    // no window: the event is queued anyway
  }
}
