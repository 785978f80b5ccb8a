/**
 * Login dialog numbers and pure decisions of spec 02 §4 and §9 that @aivg/core does not export yet
 * (reported: `loginConstants()` and `secondWayLoginRedirect(timestampMs, nowMs)` belong in core).
 * Kept in this one file so they move to core in one step.
 */

/** Spec 02 §9: second-way login window 1 hour. */
export const SECOND_WAY_WINDOW_MS = 60 * 60 * 1000;
/** Spec 02 §9: third-party-cookie flag kept 2 days. */
export const COOKIE_FLAG_DAYS = 2;
/** Spec 02 §2, §9: the popup fallback is 500×650. */
export const POPUP_SIZE = { width: 500, height: 650 } as const;
/** Spec 02 §4: a failed login redirects to the provider after 200 ms. */
export const FAILURE_REDIRECT_MS = 200;
/** Local-storage key of the second-way login timestamp (name not shown in the spec). */
export const SECOND_WAY_KEY = "aivg.second-way-login";
/** Cookie keeping the third-party-cookie check result ("1" supported, "0" not). */
export const COOKIE_FLAG = "aivg_3pc";

/** Whether opening the dialog redirects to the provider instead (timestamp under 1 h old). */
export function secondWayLoginRedirect(timestampMs: number | null, nowMs: number): boolean {
  if (timestampMs === null || !Number.isFinite(timestampMs)) return false;
  const age = nowMs - timestampMs;
  return age >= 0 && age < SECOND_WAY_WINDOW_MS;
}

/** The frame messages of spec 02 §4, as the app acts on them. */
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
