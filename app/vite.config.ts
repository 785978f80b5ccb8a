/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import { messagesPath, type LanguageCode } from "@aivg/core";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import wasm from "vite-plugin-wasm";
import { precompressAssets, preloadWasm } from "./build/assets-delivery";
import { i18nMessages } from "./build/i18n-messages";
import { buildManifest } from "./scripts/build-manifest";

const localesDir = fileURLToPath(new URL("./src/locales", import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    wasm(),
    i18nMessages({ localesDir, messagesPath: (hash, code) => messagesPath(hash, code as LanguageCode) }),
    buildManifest({ localesDir }),
    preloadWasm(),
    precompressAssets(),
  ],
  build: {
    // Top-level await (the WASM module instantiates at import) is native from ES2022 on.
    target: "es2022",
    sourcemap: false,
  },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    // Only unit/component tests: Playwright's e2e/*.spec.ts must never be collected here.
    include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
    server: { deps: { inline: ["@aivg/core"] } },
  },
});
