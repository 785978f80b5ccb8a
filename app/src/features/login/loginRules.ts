/**
 * Login dialog numbers and the second-way rule of docs/behaviour/accounts-and-sessions.md#log-in,
 * from @aivg/core (`sessionConstants()`, `secondWayLoginRedirect`), plus the storage names the spec
 * leaves open.
 */
import { sessionConstants } from "@aivg/core/rules";

export { secondWayLoginRedirect } from "@aivg/core/rules";

const constants = sessionConstants();
/** Second-way login window: 1 hour (core). */
export const SECOND_WAY_WINDOW_MS = constants.secondWayLoginWindowMs;
/** Third-party-cookie flag lifetime: 2 days (core). */
export const COOKIE_FLAG_DAYS = constants.thirdPartyCookieFlagDays;
/** The popup fallback: 500×650 (core). */
export const POPUP_SIZE = constants.loginPopupSize;
/** A failed login redirects to the provider after 200 ms (core). */
export const FAILURE_REDIRECT_MS = constants.loginFailureRedirectMs;
/** Local-storage key of the second-way login timestamp (name not shown in the spec). */
export const SECOND_WAY_KEY = "aivg.second-way-login";
/** Cookie keeping the third-party-cookie check result ("1" supported, "0" not). */
export const COOKIE_FLAG = "aivg_3pc";

/** The frame messages of docs/behaviour/accounts-and-sessions.md#log-in, as the app acts on them. */
export type FrameAction =
  | { type: "pageview" }
  | { type: "registerSuccess" }
  | { type: "authCode"; code: string }
  | { type: "login" }
  | { type: "mode"; mode: "login" | "register" }
  | { type: "logout" }
  | { type: "clearUserInfo" };

/**
 * Reads a `message` event: null unless it comes from the account provider's origin and has a
 * known action. Payload shape: `{ action, data }` (the provider's pages post exactly that).
 */
export function readFrameMessage(origin: string, data: unknown, providerOrigin: string): FrameAction | null {
  if (origin !== providerOrigin) return null;
  if (typeof data !== "object" || data === null) return null;
  const { action, data: payload } = data as { action?: unknown; data?: unknown };
  switch (action) {
    case "pageview":
      return { type: "pageview" };
    case "registerSuccess":
      return { type: "registerSuccess" };
    case "auth-code": {
      const code = (payload as { code?: unknown } | null)?.code;
      return typeof code === "string" && code ? { type: "authCode", code } : null;
    }
    case "login-success":
      return { type: "login" };
    case "login":
      return { type: "mode", mode: "login" };
    case "signup":
    case "register":
      return { type: "mode", mode: "register" };
    case "logout":
      return { type: "logout" };
    case "clear-userinfo":
      return { type: "clearUserInfo" };
    default:
      return null;
  }
}
