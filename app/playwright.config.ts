/**
 * Browser tests against the real server (e2e/global-setup.ts starts it on a free port). Debian's
 * Chromium, headless; Playwright never downloads a browser (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
 * The base URL is set per test from AIVG_E2E_ORIGIN (see e2e/fixtures.ts).
 */
import { defineConfig, devices } from "@playwright/test";

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    trace: "retain-on-failure",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
