/**
 * The test objects of the specs: `test`'s `baseURL` is the origin of the server started by
 * global-setup (built-in local provider); `engineTest`'s is the second server, whose engine is
 * the fake ComfyUI (`comfyOrigin`).
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

function engineOrigin(name: "AIVG_E2E_ENGINE_ORIGIN" | "AIVG_E2E_COMFY_ORIGIN"): string {
  const origin = process.env[name];
  if (!origin) throw new Error(`the engine server did not start: ${process.env.AIVG_E2E_ENGINE_ERROR ?? `${name} is not set`}`);
  return origin;
}

export const engineTest = base.extend<{ comfyOrigin: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from the pattern
  baseURL: async ({}, use) => {
    await use(engineOrigin("AIVG_E2E_ENGINE_ORIGIN"));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from the pattern
  comfyOrigin: async ({}, use) => {
    await use(engineOrigin("AIVG_E2E_COMFY_ORIGIN"));
  },
});

export { expect } from "@playwright/test";
