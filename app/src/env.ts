/**
 * Build-time settings read from Vite's env (see src/env.d.ts for each variable).
 */
import type { Stage } from "@aivg/core/rules";

/** The build stage as configured: development | beta | staging | production. */
export const buildStage: string = import.meta.env.VITE_STAGE ?? (import.meta.env.PROD ? "production" : "development");

/**
 * The stage in core's terms: development, beta and staging as configured; anything else is
 * production. zz is accepted in development and beta
 * (docs/behaviour/languages-and-routes.md#language-resolution step 1: "zz only outside staging or
 * production").
 */
export const coreStage: Stage = buildStage === "development" || buildStage === "beta" || buildStage === "staging" ? buildStage : "production";

/** Script URL of the chatbot widget; empty = no chatbot (the default, and in tests). */
export const chatbotUrl: string = import.meta.env.VITE_CHATBOT_URL ?? "";

/** Origin of the API; "" = same origin. */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? "";

/** Public origin for canonical and sharing URLs. */
export function siteOrigin(): string {
  return import.meta.env.VITE_SITE_ORIGIN ?? window.location.origin;
}

/**
 * A `VITE_*` variable of the build, trimmed; "" when unset or not text. Read at each call, so a
 * test's `vi.stubEnv` is seen. The only reader of `import.meta.env` besides the constants above
 * (an ESLint rule keeps it so).
 */
export function envText(name: string): string {
  const value: unknown = (import.meta.env as Record<string, unknown>)[name];
  return typeof value === "string" ? value.trim() : "";
}

/** Content hash of the translation files (the `{hash}` of /_i18n/{hash}/{locale}/messages.json). */
export const i18nHash: string = __I18N_HASH__;
