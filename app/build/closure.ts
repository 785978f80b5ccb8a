/**
 * The static closure of a module or chunk graph, shared by the build plugins that walk one
 * (shell-chunk.ts over modules, page-preloads.ts and assets-delivery.ts over output chunks).
 */
import type { Rollup } from "vite";

/** `start` and everything it imports statically, by id (`imports` gives an id's static imports). */
export function staticClosure(start: readonly string[], imports: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const id = queue.pop();
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    queue.push(...imports(id));
  }
  return seen;
}

/** The output chunks `start` loads statically (themselves included). */
export function chunkClosure(bundle: Rollup.OutputBundle, start: readonly Rollup.OutputChunk[]): Rollup.OutputChunk[] {
  const chunk = (name: string) => {
    const c = bundle[name];
    return c?.type === "chunk" ? c : undefined;
  };
  const names = staticClosure(
    start.map((c) => c.fileName),
    (name) => chunk(name)?.imports ?? [],
  );
  return [...names].map(chunk).filter((c): c is Rollup.OutputChunk => c !== undefined);
}
