/**
 * Where the account provider lives. docs/behaviour/accounts-and-sessions.md#log-in names an
 * external account provider; this project's server plays it (pages under /account/ on the API
 * origin). The token itself (its cookie, name and lifetime) belongs to the package
 * (`setAccessToken`). Decisions (the spec does not show them): the provider's origin is
 * VITE_ACCOUNT_ORIGIN, else the API base, else this page's origin. The provider's logout redirect
 * is VITE_ACCOUNT_LOGOUT_URL; without one the page reloads at its current address (the test server
 * has no separate logout page).
 */
import { apiBase, envText } from "../../env";

/** Origin of the account provider's pages; frame messages are accepted from it only. */
export function accountOrigin(): string {
  const configured = envText("VITE_ACCOUNT_ORIGIN") || apiBase;
  try {
    return configured ? new URL(configured, window.location.href).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
}

/** What the account pages show the visitor in: the interface language and theme (docs/behaviour/accounts-and-sessions.md#account-pages). */
export interface AccountPageLook {
  lang: string;
  theme: "light" | "dark";
}

/** The log-in or sign-up page, in the visitor's language and theme (`?lang=jp&theme=dark`). */
export function accountPageUrl(mode: "login" | "register", look: AccountPageLook): string {
  const query = new URLSearchParams({ lang: look.lang, theme: look.theme });
  return `${accountOrigin()}/account/${mode}?${query.toString()}`;
}

/** Where logout goes after the server call (see the file comment). */
export function providerLogoutUrl(): string {
  return envText("VITE_ACCOUNT_LOGOUT_URL") || window.location.href;
}
