/**
 * Where the account provider lives and which cookie carries the token. Spec 02 names an external
 * account provider; this project's server plays it (pages under /account/ on the API origin).
 * Decisions (the spec does not show them): the token cookie is `aivg_token` (2 days, spec 02 §9),
 * the provider's origin is VITE_ACCOUNT_ORIGIN, else the API base, else this page's origin.
 * The provider's logout redirect is VITE_ACCOUNT_LOGOUT_URL; without one the page reloads at its
 * current address (the test server has no separate logout page).
 */
import { sessionConstants } from "@aivg/core";
import { apiBase } from "../../env";

export const TOKEN_COOKIE = "aivg_token";
/** Local-storage copy of the token (spec 02 §4: "stored locally and in session"). */
export const TOKEN_LOCAL_KEY = "aivg.token";
/** Token cookie lifetime (spec 02 §9: 2 days), from core. */
export const TOKEN_COOKIE_DAYS = sessionConstants().tokenCookieDays;

function envText(name: string): string {
  const value: unknown = (import.meta.env as Record<string, unknown>)[name];
  return typeof value === "string" ? value.trim() : "";
}

/** Origin of the account provider's pages; frame messages are accepted from it only. */
export function accountOrigin(): string {
  const configured = envText("VITE_ACCOUNT_ORIGIN") || apiBase;
  try {
    return configured ? new URL(configured, window.location.href).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
}

export function accountPageUrl(mode: "login" | "register"): string {
  return `${accountOrigin()}/account/${mode}`;
}

/** Where logout goes after the server call (see the file comment). */
export function providerLogoutUrl(): string {
  return envText("VITE_ACCOUNT_LOGOUT_URL") || window.location.href;
}
