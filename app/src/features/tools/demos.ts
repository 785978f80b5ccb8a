/**
 * The before/after examples of a tool page (docs/behaviour/tasks-and-queue.md#explore `GET
 * /v1/common/demo/list?key=`), fetched once per key and page load. The page route's loader starts the
 * request (routes/prefetch.ts) beside the page's module, so the answer is usually in before the page
 * first renders and the examples, often the largest picture of the first screen, paint with it
 * instead of one request after it (docs/performance.md). On a first load the server has usually
 * written the answer into the page (routes/first-screen.ts), and no request is sent.
 */
import { demoKey as coreDemoKey, listDemos, type RouteName } from "@aivg/core/rules";
import { firstScreenAnswer } from "../../routes/first-screen";

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

/** The route's examples the page's HTML holds, if they are this key's. */
function inPage(key: string): Demo[] | undefined {
  const answer = firstScreenAnswer("demos") as { key?: unknown } | undefined;
  return answer?.key === key ? readDemos(answer) : undefined;
}

/**
 * The route's examples: the page's HTML's answer if it holds this key's, else one request per key,
 * shared by whoever asks. A page the server has no examples for (it answers 400 for an unknown
 * key) or a failed request gives none; a failure is forgotten, so the next visit asks again.
 */
export function demosFor(route: RouteName): Promise<Demo[]> {
  const key = demoKey(route);
  let request = pending.get(key);
  const written = request ? undefined : inPage(key);
  if (written) {
    settled.set(key, written);
    request = Promise.resolve(written);
    pending.set(key, request);
  }
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
