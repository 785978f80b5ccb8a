/**
 * `track(name, data)`: THE way any feature records an analytics event
 * (docs/behaviour/ads-and-experiments.md#analytics). It never throws and never waits: the event
 * joins the page's queue with the current path and time, and leaves in a batch later (see
 * queue.ts).
 *
 * ```ts
 * import { track } from "../analytics";
 * track("button_click", { button: "generate", button_position: "create_footer" });
 * ```
 */
import { analyticsQueue } from "./runtime";

/** The server's limit of an event's data as JSON (server/src/analytics/event.rs). */
const MAX_DATA_CHARS = 4000;

/** Event names the server accepts: a-z, 0-9 and _, at most 64 characters. */
export function eventName(name: string): string {
  const clean = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .slice(0, 64);
  return clean === "" ? "unnamed" : clean;
}

/** Data that survives JSON and stays under the server's size limit. */
function eventData(data: Record<string, unknown>): Record<string, unknown> {
  try {
    const json = JSON.stringify(data);
    if (json === undefined) return {};
    if (json.length > MAX_DATA_CHARS) return { truncated: true, size: json.length };
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    // Cycles or BigInt: the event still counts, without its data.
    return { unserializable: true };
  }
}

function currentPage(): string {
  try {
    return window.location.pathname || "/";
  } catch {
    return "/";
  }
}

/** Records one event. */
export function track(name: string, data: Record<string, unknown> = {}): void {
  try {
    analyticsQueue.push({ name: eventName(name), page: currentPage(), at: Date.now(), data: eventData(data) });
  } catch {
    // Analytics never breaks the page.
  }
}
