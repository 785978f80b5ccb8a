/**
 * The test object of every spec: `baseURL` is the origin of the server started by global-setup.
 */
import { test as base } from "@playwright/test";

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from the pattern
  baseURL: async ({}, use) => {
    const origin = process.env.AIVG_E2E_ORIGIN;
    if (!origin) throw new Error("AIVG_E2E_ORIGIN is not set: the global setup did not start the server");
    await use(origin);
  },
});

export { expect } from "@playwright/test";
