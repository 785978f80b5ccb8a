/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import { messagesPath, type LanguageCode } from "@aivg/core";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import wasm from "vite-plugin-wasm";
import { apiReference } from "./build/api-reference";
import { precompressAssets, preloadWasm } from "./build/assets-delivery";
import { compileHints } from "./build/compile-hints";
import { deferEntryStyles } from "./build/entry-styles";
import { i18nMessages } from "./build/i18n-messages";
import { pagePreloads } from "./build/page-preloads";
import { shellChunk } from "./build/shell-chunk";
import { pageSources } from "./src/routes/page-sources";
import { buildManifest } from "./scripts/build-manifest";

const localesDir = fileURLToPath(new URL("./src/locales", import.meta.url));
const srcDir = fileURLToPath(new URL("./src", import.meta.url));
const messages = i18nMessages({ localesDir, messagesPath: (hash, code) => messagesPath(hash, code as LanguageCode) });

export default defineConfig({
  plugins: [
    react(),
    wasm(),
    messages,
    buildManifest({ localesDir }),
    preloadWasm(),
    deferEntryStyles(),
    pagePreloads({ sources: pageSources, srcDir, i18nHash: () => messages.api?.hash ?? "" }),
    compileHints({ sources: pageSources, srcDir }),
    apiReference(),
    precompressAssets(),
  ],
  build: {
    // Top-level await (the WASM module instantiates at import) is native from ES2022 on.
    target: "es2022",
    sourcemap: false,
    // Rollup splits the code the first screen runs into ~23 small shared chunks (modules the entry
    // and lazily loaded pages both use); each is one more request the page's main thread issues
    // and evaluates. Everything the entry imports statically goes into the entry's own chunk
    // instead (build/shell-chunk.ts); pages keep their lazily loaded chunks.
    rollupOptions: { output: { manualChunks: shellChunk() } },
  },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    // Only unit/component tests: Playwright's e2e/*.spec.ts must never be collected here.
    include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
    // "react" and "react-dom" are Preact (package.json: npm aliases to @preact/compat); Testing
    // Library's React flavour drives react-dom's own test utilities, so the tests use its Preact one.
    alias: { "@testing-library/react": "@testing-library/preact" },
    server: { deps: { inline: ["@aivg/core"] } },
  },
});
