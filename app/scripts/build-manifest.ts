/**
 * The build-update files (issue 6 item 7) and the prerendered payloads (item 8), as one Vite
 * plugin:
 * - defines `__AIVG_BUILD_ID__` and `__AIVG_BUILD_TIMESTAMP__` for the app (src/features/updates/buildInfo.ts);
 *   `vite dev` uses the id "dev", the server's built-in build, so no update is reported there;
 * - `vite build` emits `builds/latest.json` (`{ id, timestamp }`, polled by the app),
 *   `builds/meta/{id}.json` (the manifest: `{ id, timestamp, matcher, prerendered }`,
 *   docs/behaviour/languages-and-routes.md#build-updates) and `{page}/_payload.json` for every
 *   public page (scripts/prerender-payloads.ts).
 *
 * The server serves these files from the built app folder and falls back to its own "dev" build
 * only when they are missing (server/src/site/assets.rs), so a deployment's own files win.
 * `matcher` is the route-rules matcher of the manifest format; this app has no route rules, so
 * it is the empty matcher.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LanguageCode, RouteDef } from "@aivg/core";
import type { Plugin } from "vite";
import { payloadFile, prerenderPayloads, type Tdk } from "./prerender-payloads";

export interface BuildManifestOptions {
  /** src/locales: each language's meta.json gives the pages' title, description and keywords. */
  localesDir: string;
  /** Fixed id (tests); default: time plus randomness, unique per build. */
  buildId?: string;
  /** Fixed time (tests); default: now. */
  timestamp?: number;
}

/** A new build id: base-36 time and 6 random hex digits (sorts by time, never collides in practice). */
export function newBuildId(nowMs: number): string {
  return `${nowMs.toString(36)}-${randomBytes(3).toString("hex")}`;
}

/**
 * Title, description and keywords of a route in a language, from `<localesDir>/<code>/meta.json`
 * (`{ [routeName]: { title, description, keywords } }`, the frame's metadata texts). A language or
 * route without texts fails the build: a prerendered page must not carry empty metadata.
 */
export function metaTdk(localesDir: string): (route: RouteDef, language: LanguageCode) => Tdk {
  const cache = new Map<string, Record<string, Partial<Tdk>>>();
  return (route, language) => {
    let meta = cache.get(language);
    if (!meta) {
      const file = join(localesDir, language, "meta.json");
      meta = JSON.parse(readFileSync(file, "utf8")) as Record<string, Partial<Tdk>>;
      cache.set(language, meta);
    }
    const t = meta[route.name];
    if (!t || typeof t.title !== "string" || typeof t.description !== "string" || typeof t.keywords !== "string") {
      throw new Error(`${language}/meta.json lacks title, description or keywords of ${route.name}`);
    }
    return { title: t.title, description: t.description, keywords: t.keywords };
  };
}

/** The files of a build, by path relative to the output folder. */
export function buildFiles(id: string, timestamp: number, tdk: (route: RouteDef, language: LanguageCode) => Tdk): Map<string, string> {
  const files = new Map<string, string>();
  const payloads = prerenderPayloads({ buildId: id, timestamp, tdk });
  for (const [path, text] of payloads) files.set(payloadFile(path), text);
  files.set("builds/latest.json", JSON.stringify({ id, timestamp }));
  files.set(
    `builds/meta/${id}.json`,
    JSON.stringify({
      id,
      timestamp,
      matcher: { static: {}, wildcard: {}, dynamic: {} },
      prerendered: [...payloads.keys()],
    }),
  );
  return files;
}

export function buildManifest(options: BuildManifestOptions): Plugin {
  let id = "dev";
  let timestamp = 0;
  return {
    name: "aivg-build-manifest",
    config(_config, env) {
      timestamp = options.timestamp ?? Date.now();
      id = env.command === "build" ? (options.buildId ?? newBuildId(timestamp)) : "dev";
      return {
        define: {
          __AIVG_BUILD_ID__: JSON.stringify(id),
          __AIVG_BUILD_TIMESTAMP__: JSON.stringify(timestamp),
        },
      };
    },
    generateBundle() {
      for (const [fileName, source] of buildFiles(id, timestamp, metaTdk(options.localesDir))) {
        this.emitFile({ type: "asset", fileName, source });
      }
    },
  };
}
