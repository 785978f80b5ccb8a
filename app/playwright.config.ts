/**
 * Browser tests against the real server (e2e/global-setup.ts starts it on a free port). Debian's
 * Chromium as its headless shell (package `chromium-headless-shell`, CHROMIUM_PATH to use another
 * build); Playwright never downloads a browser (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
 * The base URL is set per test from AIVG_E2E_ORIGIN (see e2e/fixtures.ts).
 */
import { defineConfig, devices } from "@playwright/test";

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  // Two spec files at a time (AIVG_E2E_WORKERS to change it): about 9 minutes instead of 11.
  // The flakes two workers once showed were a task card's seed lost to a race and requests
  // refused as "busy" on a loaded machine (e2e/server.ts now lets them wait): docs/performance.md.
  workers: Number(process.env.AIVG_E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  // The screenshot baselines (e2e/screens.spec.ts): one folder per combination, no platform
  // suffix, since every machine renders with the fonts scripts/setup.sh installs.
  snapshotPathTemplate: "{testDir}/screens/{arg}{ext}",
  expect: {
    toHaveScreenshot: {
      animations: "disabled",
      caret: "hide",
      scale: "css",
      // Per pixel, a colour distance of 0.2 (Playwright's default) ignores anti-aliasing noise;
      // at most 0.05 % of the pixels may differ (~580 on a desktop screen, ~160 on a phone): a
      // badge or an icon drawn differently (a 60×20 badge is 1,200 pixels) fails.
      threshold: 0.2,
      maxDiffPixelRatio: 0.0005,
    },
  },
  use: {
    headless: true,
    // The headless shell: the same Blink and V8 as Debian's full `chromium`, the same pixels in
    // every screenshot, and about two thirds of its CPU for the whole suite (664 against 958
    // CPU-seconds on two cores; docs/performance.md, "2026-11-29, evening").
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell" },
    trace: "retain-on-failure",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
