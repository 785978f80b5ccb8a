/**
 * `apiReference`: the API reference page the server answers at `/docs/api` (docs/api.md): Swagger
 * UI (swagger-ui-dist, its prebuilt bundle and stylesheet) rendering `/v1/openapi.json`.
 *
 * The page is written as `docs-api.html` beside index.html, with swagger-ui's files copied into
 * `assets/` under content-hashed names (cached for good and precompressed like every asset there)
 * and its start-up call as a file of its own (the Content-Security-Policy allows scripts from this
 * origin only). Nothing of it goes through Rollup's module graph: the build's other plugins treat
 * every entry's static imports as the SPA shell (build/shell-chunk.ts, page-preloads.ts), so a second
 * entry would put the ~1.7 MB renderer on every public page's first load. Here only this page loads
 * it, and it needs nothing from the internet: no CDN, no web fonts (the stylesheet names system
 * fonts only), and swagger-ui's online validator is off (`validatorUrl: null`).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

/** The page's file name in the build's output folder (the server reads it: server/src/spa/mod.rs). */
export const API_REFERENCE_HTML = "docs-api.html";

/** The OpenAPI document the page renders. */
export const OPENAPI_URL = "/v1/openapi.json";

/** swagger-ui's start-up: its bundle defines the global `SwaggerUIBundle` (a classic script). */
export const START_SCRIPT = `SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_URL)},
  dom_id: "#api-reference",
  validatorUrl: null,
  deepLinking: true,
  tryItOutEnabled: false,
});
`;

/** A trailing `//# sourceMappingURL=…` or `/*# sourceMappingURL=… *\/` comment. */
const SOURCE_MAP = /\n?\/[/*]# sourceMappingURL=\S+?(?: \*\/|\*\/)?\s*$/;

/** The page, given the URL paths of swagger-ui's stylesheet, bundle and the start-up script. */
export function apiReferenceHtml(files: { css: string; bundle: string; start: string }): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>ai-video-generator API reference</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="${files.css}" />
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="${files.bundle}"></script>
    <script src="${files.start}"></script>
  </body>
</html>
`;
}

export function apiReference(): Plugin {
  let base = "/";
  return {
    name: "aivg-api-reference",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    generateBundle() {
      const require = createRequire(import.meta.url);
      // The source-map comments name maps this build does not copy (a 404 when devtools open).
      const read = (file: string) => readFileSync(require.resolve(`swagger-ui-dist/${file}`), "utf8").replace(SOURCE_MAP, "");
      const asset = (name: string, source: string | Uint8Array) => base + this.getFileName(this.emitFile({ type: "asset", name, source }));
      const files = {
        css: asset("swagger-ui.css", read("swagger-ui.css")),
        bundle: asset("swagger-ui-bundle.js", read("swagger-ui-bundle.js")),
        start: asset("api-reference.js", START_SCRIPT),
      };
      this.emitFile({ type: "asset", fileName: API_REFERENCE_HTML, source: apiReferenceHtml(files) });
    },
  };
}
