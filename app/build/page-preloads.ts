/**
 * `pagePreloads`: writes `page-preloads.json` beside index.html. For each page route of
 * src/routes/page-sources.ts it lists the files that route's lazily loaded module needs beyond what
 * index.html loads already (JS chunks, CSS), and it carries the hash of the language messages. The
 * server reads it to add, to the index.html it sends for a page, `<link rel="modulepreload">` and
 * `<link rel="preload">` for the route and the language the request resolves to (server/src/spa/hints.rs),
 * so those downloads start with the HTML instead of after the app has started (docs/performance.md).
 */
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin, Rollup } from "vite";
import { chunkClosure } from "./closure";

/** What a page route needs beyond index.html's own files, as URL paths. */
export interface RouteFiles {
  js: string[];
  css: string[];
}

/** The file's format (server/src/spa/hints.rs reads it). */
export interface PagePreloads {
  /** The `{hash}` of /_i18n/{hash}/{locale}/messages.json. */
  i18nHash: string;
  /** By route name. */
  routes: Record<string, RouteFiles>;
}

const css = (chunks: Rollup.OutputChunk[]) => chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);

/**
 * The files of each route (`sources`: route name → module path under `srcDir` without extension).
 * A route whose module is in no chunk fails the build: the hints would silently go missing.
 */
export function routeFiles(bundle: Rollup.OutputBundle, sources: Record<string, string>, srcDir: string, base: string): Record<string, RouteFiles> {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
  const initial = chunkClosure(
    bundle,
    chunks.filter((c) => c.isEntry),
  );
  const initialJs = new Set(initial.map((c) => c.fileName));
  const initialCss = new Set(css(initial));
  const routes: Record<string, RouteFiles> = {};
  for (const name of Object.keys(sources).sort()) {
    const file = resolve(srcDir, `${sources[name]}.tsx`);
    const own = chunks.find((c) => c.facadeModuleId === file) ?? chunks.find((c) => c.moduleIds.includes(file));
    if (!own) throw new Error(`page-preloads: no chunk holds ${file} (route ${name})`);
    const closure = chunkClosure(bundle, [own]);
    routes[name] = {
      js: closure.map((c) => c.fileName).filter((f) => !initialJs.has(f)).sort().map((f) => base + f),
      css: [...new Set(css(closure))].filter((f) => !initialCss.has(f)).sort().map((f) => base + f),
    };
  }
  return routes;
}

/**
 * The URL paths of `preloads` that name no file under `dir` (the build's output folder, served at
 * `base`).
 */
export function missingFiles(preloads: PagePreloads, dir: string, base: string): string[] {
  const named = new Set(Object.values(preloads.routes).flatMap((r) => [...r.js, ...r.css]));
  return [...named].filter((path) => !path.startsWith(base) || !existsSync(join(dir, path.slice(base.length)))).sort();
}

/**
 * Written in `writeBundle`, from the bundle as it was written: Vite's CSS plugin deletes the
 * chunks that held only CSS (their styles move to the importing chunks) in its own
 * `generateBundle`, which runs after a plugin's normal one, so a list made there named JS files
 * that no build contains (every page but Home preloaded a missing `create-….js` and
 * `modals-….js`). A named file absent from the output folder fails the build.
 */
export function pagePreloads(options: { sources: Record<string, string>; srcDir: string; i18nHash: () => string }): Plugin {
  let base = "/";
  return {
    name: "aivg-page-preloads",
    apply: "build",
    // After Vite's CSS plugin: its generateBundle deletes the chunks that only held CSS (e.g. the
    // chunk of create.css) and moves their CSS to the chunks importing them. Read before that, the
    // file listed those deleted chunks, and every page preloading one got a 404 in the console.
    enforce: "post",
    configResolved(config) {
      base = config.base;
    },
    writeBundle(output, bundle) {
      const dir = output.dir;
      if (!dir) throw new Error("page-preloads: the build has no output folder");
      const preloads: PagePreloads = { i18nHash: options.i18nHash(), routes: routeFiles(bundle, options.sources, options.srcDir, base) };
      const missing = missingFiles(preloads, dir, base);
      if (missing.length > 0) throw new Error(`page-preloads: the build wrote no file for ${missing.join(", ")}`);
      writeFileSync(join(dir, "page-preloads.json"), `${JSON.stringify(preloads, null, 1)}\n`);
    },
  };
}
