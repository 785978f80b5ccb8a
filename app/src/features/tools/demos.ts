/**
 * The before/after examples of a tool page (spec 02 §7 `GET /v1/common/demo/list?key=`), fetched once
 * per key and page load. The page route's loader starts the request (routes/prefetch.ts) beside the
 * page's module, so the answer is usually in before the page first renders and the examples, often the
 * largest picture of the first screen, paint with it instead of one request after it (README "Speed").
 */
import { demoKey as coreDemoKey, listDemos, type RouteName } from "@aivg/core/rules";

export interface Demo {
  id: number;
  name: string;
  before: string;
  after: string;
}

export function readDemos(raw: unknown): Demo[] {
  const list = (raw as { list?: unknown } | null)?.list;
  return (Array.isArray(list) ? list : []).flatMap((d) => {
    const o = (d ?? {}) as Record<string, unknown>;
    return typeof o.before === "string" && typeof o.after === "string"
      ? [{ id: Number(o.id), name: String(o.name ?? ""), before: o.before, after: o.after }]
      : [];
  });
}

/** The demo key of a tool route (core's rule: the last segment of its English path). */
export function demoKey(route: RouteName): string {
  return coreDemoKey(route) ?? "";
}

const pending = new Map<string, Promise<Demo[]>>();
const settled = new Map<string, Demo[]>();

/**
 * The route's examples: one request per key, shared by whoever asks. A page the server has no
 * examples for (it answers 400 for an unknown key) or a failed request gives none; a failure is
 * forgotten, so the next visit asks again.
 */
export function demosFor(route: RouteName): Promise<Demo[]> {
  const key = demoKey(route);
  let request = pending.get(key);
  if (!request) {
    request = listDemos({ key }).then(
      (raw) => {
        const demos = readDemos(raw);
        settled.set(key, demos);
        return demos;
      },
      () => {
        pending.delete(key);
        return [];
      },
    );
    pending.set(key, request);
  }
  return request;
}

/** The route's examples if their answer is already in (for the first render), else undefined. */
export function settledDemos(route: RouteName): Demo[] | undefined {
  return settled.get(demoKey(route));
}

/** Forgets every answer (tests). */
export function resetDemosForTests(): void {
  pending.clear();
  settled.clear();
}
