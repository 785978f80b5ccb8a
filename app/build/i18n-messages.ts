/**
 * Build-side handling of the translation files (docs/behaviour/languages-and-routes.md#languages
 * "Language messages load by GET from a path under /_i18n/{hash}/{locale}/messages.json").
 *
 * Sources: `src/locales/<code>/<namespace>.json`, one file per namespace per language. The build merges
 * the namespaces of a language into one object `{ [namespace]: messages }` and emits it at the path
 * core's `messagesPath(hash, code)` gives. The hash covers every file, so a changed text gets a new URL
 * and the 24 h cache of `getMessages` never serves stale texts. The `zz` pseudo-locale is generated:
 * every value is its own `namespace:key`, so a page in zz shows where each text comes from.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

type Messages = { [key: string]: string | Messages };
export type Catalogue = Map<string, Record<string, Messages>>;

/** The pseudo-locale whose texts are the keys themselves (docs/behaviour/languages-and-routes.md#languages: zz is a debug language). */
export const KEYS_LOCALE = "zz";

/** Reads every `<code>/<namespace>.json` below `dir`. */
export function readCatalogue(dir: string): Catalogue {
  const catalogue: Catalogue = new Map();
  for (const code of readdirSync(dir).sort()) {
    const langDir = join(dir, code);
    if (!statSync(langDir).isDirectory()) continue;
    const namespaces: Record<string, Messages> = {};
    for (const file of readdirSync(langDir).sort()) {
      if (!file.endsWith(".json")) continue;
      const text = readFileSync(join(langDir, file), "utf8");
      try {
        namespaces[file.slice(0, -".json".length)] = JSON.parse(text) as Messages;
      } catch (err) {
        throw new Error(`src/locales/${code}/${file} is not valid JSON: ${(err as Error).message}`);
      }
    }
    catalogue.set(code, namespaces);
  }
  return catalogue;
}

/** A copy of `messages` whose every string is replaced by `prefix` + its key path. */
export function keysAsValues(messages: Messages, prefix: string): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    out[key] = typeof value === "string" ? `${prefix}${key}` : keysAsValues(value, `${prefix}${key}.`);
  }
  return out;
}

/** The merged file of each language, zz included (built from the English keys). */
export function mergedMessages(catalogue: Catalogue, sourceLocale = "en"): Map<string, Record<string, Messages>> {
  const out = new Map(catalogue);
  const source = catalogue.get(sourceLocale);
  if (!source) throw new Error(`src/locales/${sourceLocale}/ is missing: it is the source language`);
  const zz: Record<string, Messages> = {};
  for (const [ns, messages] of Object.entries(source)) zz[ns] = keysAsValues(messages, `${ns}:`);
  out.set(KEYS_LOCALE, zz);
  return out;
}

/** A short content hash of the whole catalogue (stable order). */
export function catalogueHash(merged: Map<string, Record<string, Messages>>): string {
  const hash = createHash("sha256");
  for (const code of [...merged.keys()].sort()) hash.update(code).update(JSON.stringify(merged.get(code)));
  return hash.digest("hex").slice(0, 12);
}

/**
 * The Vite plugin: defines `__I18N_HASH__` for the app, emits the files in `vite build`, and serves
 * them from memory in `vite dev`. `messagesPath` comes from @aivg/core so the URL shape has one owner.
 */
export function i18nMessages(options: {
  localesDir: string;
  messagesPath: (hash: string, code: string) => string;
}): Plugin<{ hash: string }> {
  let merged = mergedMessages(readCatalogue(options.localesDir));
  const hash = catalogueHash(merged);
  return {
    name: "aivg-i18n-messages",
    /** The catalogue's hash, for other plugins (build/page-preloads.ts). */
    api: { hash },
    config() {
      return { define: { __I18N_HASH__: JSON.stringify(hash) } };
    },
    configureServer(server) {
      server.watcher.add(options.localesDir);
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith("/_i18n/")) return next();
        merged = mergedMessages(readCatalogue(options.localesDir));
        for (const [code, messages] of merged) {
          // In dev the hash segment is ignored: files change while the define stays.
          const path = options.messagesPath(hash, code);
          const tail = path.slice(path.indexOf("/", "/_i18n/".length));
          if (req.url.split("?")[0]?.endsWith(tail)) {
            res.setHeader("content-type", "application/json");
            res.end(JSON.stringify(messages));
            return;
          }
        }
        res.statusCode = 404;
        res.end();
      });
    },
    generateBundle() {
      for (const [code, messages] of merged) {
        this.emitFile({
          type: "asset",
          fileName: options.messagesPath(hash, code).replace(/^\//, ""),
          source: JSON.stringify(messages),
        });
      }
    },
  };
}
