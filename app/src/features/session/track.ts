/**
 * Analytics events of the account features (spec 02 §7: tracking is analytics only). Events go to
 * a bounded in-page queue (spec 02 §9: analytics queue max 1000 events) that an analytics script
 * may drain, and are announced as `aivg:track` window events.
 */
const MAX_QUEUE = 1000;

export interface TrackEvent {
  name: string;
  data: Record<string, unknown>;
  at: number;
}

const queue: TrackEvent[] = [];

export function track(name: string, data: Record<string, unknown> = {}): void {
  const event = { name, data, at: Date.now() };
  queue.push(event);
  if (queue.length > MAX_QUEUE) queue.splice(0, queue.length - MAX_QUEUE);
  try {
    window.dispatchEvent(new CustomEvent("aivg:track", { detail: event }));
  } catch {
    // no window (tests without DOM): the queue is enough
  }
}

/** The queued events, oldest first (a copy). */
export function trackedEvents(): TrackEvent[] {
  return [...queue];
}
