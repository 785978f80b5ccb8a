/**
 * The login dialog's state and how it opens (docs/behaviour/accounts-and-sessions.md#log-in "Login
 * dialog"): the second-way rule first (timestamp under 1 h → straight to the provider's login page,
 * dialog hidden), else the iframe dialog, or a 500×650 popup when third-party cookies are
 * unsupported.
 */
import { atom, appStore } from "../../state/jotai";
import { languageAtom } from "../language/state";
import { accountPageUrl } from "../session/config";
import { themeAtom } from "../theme/theme";
import { readRaw, writeRaw } from "../session/storage";
import { track } from "../session/track";
import { cookiesSupported } from "./cookieCheck";
import { POPUP_SIZE, SECOND_WAY_KEY, secondWayLoginRedirect } from "./loginRules";

export type LoginMode = "login" | "register";

export interface LoginDialogState {
  open: boolean;
  mode: LoginMode;
}

export const loginDialogAtom = atom<LoginDialogState>({ open: false, mode: "login" });
/** The provider's page announced itself (`pageview`): the loader hides. Reset on each opening. */
export const loginFrameLoadedAtom = atom(false);

/** The popup window of the fallback, while open. */
let popup: Window | null = null;
export const loginPopup = {
  get: () => popup,
  set: (w: Window | null) => {
    popup = w;
  },
};

function secondWayTimestamp(): number | null {
  const raw = readRaw("local", SECOND_WAY_KEY);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** The provider's page of a mode in the visitor's language and theme (the store's). */
export function loginPageUrl(mode: LoginMode, store = appStore): string {
  return accountPageUrl(mode, { lang: store.get(languageAtom), theme: store.get(themeAtom) });
}

/** Where the provider's own login page sends the visitor back to. */
function providerPage(mode: LoginMode, store = appStore): string {
  const url = new URL(loginPageUrl(mode, store));
  url.searchParams.set("redirect", window.location.href);
  return url.toString();
}

export function openLoginDialog(mode: LoginMode = "login", store = appStore, nowMs = Date.now()): void {
  track("login_dialog_open", { mode });
  if (secondWayLoginRedirect(secondWayTimestamp(), nowMs)) {
    store.set(loginDialogAtom, { open: false, mode });
    window.location.assign(providerPage(mode, store));
    return;
  }
  if (!cookiesSupported()) {
    const { width, height } = POPUP_SIZE;
    const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
    const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
    const opened = window.open(loginPageUrl(mode, store), "aivg-login", `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
    if (opened) {
      popup = opened;
      watchPopup(opened);
      return;
    }
    // Popup blocked: the iframe is still the better try.
  }
  store.set(loginFrameLoadedAtom, false);
  store.set(loginDialogAtom, { open: true, mode });
}

/** A popup closed without a login counts as a cancel (docs/behaviour/accounts-and-sessions.md#log-in). */
function watchPopup(w: Window): void {
  const timer = setInterval(() => {
    if (!w.closed) return;
    clearInterval(timer);
    if (popup === w) {
      popup = null;
      track("login_cancel", { via: "popup" });
    }
  }, 500);
}

export function closeLoginDialog(store = appStore): void {
  store.set(loginDialogAtom, (s) => ({ ...s, open: false }));
}

/** Login went through: the popup (if any) is done, without a cancel; the second way is over. */
export function loginFinished(store = appStore): void {
  writeRaw("local", SECOND_WAY_KEY, null);
  const w = popup;
  popup = null;
  if (w && !w.closed) w.close();
  closeLoginDialog(store);
}

/**
 * Failure: recorded, then the provider's login page after 200 ms
 * (docs/behaviour/accounts-and-sessions.md#log-in). Going to the provider's page is the second way
 * of logging in: its timestamp is written (docs/behaviour/accounts-and-sessions.md#log-in), so for
 * the next hour the dialog goes straight there instead of trying the frame again (decision: the
 * spec reads the key and names the window, not when it is written).
 */
export function loginFailed(error: unknown, delayMs: number, nowMs = Date.now()): void {
  console.warn("login failed", error);
  track("login_fail", { message: error instanceof Error ? error.message : String(error) });
  writeRaw("local", SECOND_WAY_KEY, String(nowMs));
  setTimeout(() => window.location.assign(providerPage("login")), delayMs);
}
