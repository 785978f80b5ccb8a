/**
 * Whether the account provider's iframe can keep its session (third-party cookies).
 * docs/behaviour/accounts-and-sessions.md#tokens-and-sessions uses a hidden iframe check; its
 * result is kept 2 days in a cookie (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions).
 *
 * When the provider shares this page's origin its cookies are first-party, so the iframe works
 * and no check is needed. Otherwise the check loads the provider's `/account/cookie-check` page
 * in a hidden iframe (server/src/accounts/pages.rs); that page answers
 * `{action: "cookie-check", data: {supported}}`. Until an answer arrives (or when the page never
 * answers) the iframe is assumed to work.
 */
import { accountOrigin } from "../session/config";
import { readCookie, writeCookie } from "../session/storage";
import { COOKIE_FLAG, COOKIE_FLAG_DAYS } from "./loginRules";

export function cookiesSupported(): boolean {
  if (accountOrigin() === window.location.origin) return true;
  return readCookie(COOKIE_FLAG) !== "0";
}

/** Runs the hidden-iframe check once when no flag is stored; safe to call at every start. */
export function runCookieCheck(): void {
  const origin = accountOrigin();
  if (origin === window.location.origin || readCookie(COOKIE_FLAG) !== null) return;
  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.title = "cookie-check";
  frame.src = `${origin}/account/cookie-check`;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin) return;
    const data = event.data as { action?: unknown; data?: { supported?: unknown } } | null;
    if (data?.action !== "cookie-check") return;
    writeCookie(COOKIE_FLAG, data.data?.supported === true ? "1" : "0", COOKIE_FLAG_DAYS);
    window.removeEventListener("message", onMessage);
    frame.remove();
  };
  window.addEventListener("message", onMessage);
  document.body.appendChild(frame);
}
