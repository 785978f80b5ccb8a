/**
 * The session (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions "Session"): token, user
 * info and the derived flags. Every rule is core's: `cachedUserInfo` (24 h cache kept only when its
 * uid matches the token), `userFlags`, `parseUserInfo`, `timings().loginUserRefreshMs` (5 s and 10
 * s after login). The user-info rules come with the later rules (features/later/load.ts): a
 * visitor's first load never runs them, a signed-in one loads them at start, beside the user-info
 * call.
 */
import {
  exchangeOauthToken,
  getAccessToken,
  getUserInfo,
  logout as logoutCall,
  sessionConstants,
  setAccessToken,
  timings,
  userFlags,
  type UserFlags,
  type UserInfo,
} from "@aivg/core/rules";
import { atom, appStore } from "../../state/jotai";
import { loadLater, type Later } from "../later/load";
import { setPromoUid } from "../promo/promoUser";
import { providerLogoutUrl } from "./config";
import { readRaw, writeRaw } from "./storage";

export const tokenAtom = atom<string | null>(null);
export const userAtom = atom<UserInfo | null>(null);
/** The last login created the account (token answer `is_new`); drives the free-trial box. */
export const isNewUserAtom = atom(false);
/** Core's flags of the visitor (guest until a token exists). */
export const flagsAtom = atom<UserFlags>((get) => userFlags(get(tokenAtom), get(userAtom)));

/** Other tabs and frames of the site hear logouts here. */
const CHANNEL = "aivg-session";
let channel: BroadcastChannel | null = null;
function sessionChannel(): BroadcastChannel | null {
  if (channel === null && typeof BroadcastChannel !== "undefined") channel = new BroadcastChannel(CHANNEL);
  return channel;
}

type Store = typeof appStore;

function storeUser(user: UserInfo, later: Later, store: Store): void {
  const key = sessionConstants().userInfoStorageKey;
  writeRaw("local", key, JSON.stringify(later.userInfoRecord(user, Date.now())));
  store.set(userAtom, user);
  setPromoUid(user.uid || null, store);
}

/**
 * Takes a new token (login, renewal). The package (`setAccessToken`) is the token's one owner: it
 * keeps the cookie, session storage and memory copies; `tokenAtom` only mirrors it for React.
 */
export function keepToken(token: string, store: Store = appStore): void {
  setAccessToken(token);
  store.set(tokenAtom, token);
}

/**
 * Start: the package's token (its cookie, copied to session storage;
 * docs/behaviour/accounts-and-sessions.md#tokens-and-sessions), at once, so the header knows the
 * visitor is signed in from the first render; then the cached user info, used when core says it
 * belongs to this token, else removed. Resolves when the cached user is in (a user the user-info
 * call brought first, or a token changed meanwhile, is left as it is).
 */
export async function initSession(store: Store = appStore, nowMs = Date.now()): Promise<void> {
  const token = getAccessToken() ?? null;
  const key = sessionConstants().userInfoStorageKey;
  // Without a token the visitor is a guest; a user-info record is left to the shell's own rule
  // (docs/behaviour/languages-and-routes.md#language-resolution reads it), it is cleared when a
  // token names another user.
  if (!token) return;
  store.set(tokenAtom, token);
  let record: unknown = null;
  try {
    const raw = readRaw("local", key);
    record = raw === null ? null : JSON.parse(raw);
  } catch (error) {
    console.warn("user-info record unreadable", error);
  }
  let later: Later;
  try {
    later = await loadLater();
  } catch (error) {
    // The header keeps the token's signed-in state; the user-info call fills the user in.
    console.warn("cached user info not read: rules not loaded", error);
    return;
  }
  if (store.get(tokenAtom) !== token) return;
  try {
    const cached = later.cachedUserInfo(record, token, nowMs);
    if (cached.clear) writeRaw("local", key, null);
    if (cached.user && store.get(userAtom) === null) {
      store.set(userAtom, cached.user);
      setPromoUid(cached.user.uid || null, store);
    }
  } catch (error) {
    // A token naming no user (malformed): nothing can be done with it.
    console.warn("stored token unusable", error);
    clearCredentials(store);
  }
}

/** Fetches the user info now; failures are logged (a logged-out answer reaches onLoggedOut). */
export async function refreshUser(store: Store = appStore): Promise<UserInfo | null> {
  if (!store.get(tokenAtom)) return null;
  try {
    const [later, answer] = await Promise.all([loadLater(), getUserInfo()]);
    const user = later.parseUserInfo(answer);
    if (store.get(tokenAtom)) storeUser(user, later, store);
    return user;
  } catch (error) {
    console.warn("user info refresh failed", error);
    return null;
  }
}

/** Refreshes the user at each delay (ms) from now; answers a cancel function. */
export function refreshUserAt(delaysMs: readonly number[], store: Store = appStore): () => void {
  const timers = delaysMs.map((delay) => setTimeout(() => void refreshUser(store), delay));
  return () => timers.forEach(clearTimeout);
}

/** Logs in with the provider's one-time code: token, user now, then again at 5 s and 10 s. */
export async function loginWithCode(code: string, store: Store = appStore): Promise<UserInfo | null> {
  const answer = await exchangeOauthToken({ code });
  const token = answer.access_token || answer.jwt;
  if (!token) throw new Error("the token answer carries no access_token");
  keepToken(token, store);
  store.set(isNewUserAtom, answer.is_new === true || answer.is_new === 1);
  const user = await refreshUser(store);
  refreshUserAt(timings().loginUserRefreshMs, store);
  return user;
}

/** Forgets every credential (token copies, user info) without calling the server. */
export function clearCredentials(store: Store = appStore): void {
  setAccessToken(null);
  writeRaw("local", sessionConstants().userInfoStorageKey, null);
  store.set(tokenAtom, null);
  store.set(userAtom, null);
  store.set(isNewUserAtom, false);
  setPromoUid(null, store);
}

/**
 * Logout: the server call (a failure is only logged,
 * docs/behaviour/calls-and-errors.md#the-error-catalogue), credentials cleared, other tabs and the
 * parent frame told, then the provider's logout.
 */
export async function logout(store: Store = appStore, go: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  try {
    await logoutCall();
  } catch (error) {
    console.warn("logout call failed", error);
  }
  clearCredentials(store);
  sessionChannel()?.postMessage({ action: "logout" });
  if (window.parent !== window) window.parent.postMessage({ action: "logout" }, "*");
  go(providerLogoutUrl());
}

/** Listens for logouts of other tabs; answers the unsubscribe function. */
export function listenForOtherLogouts(onLogout: () => void): () => void {
  const ch = sessionChannel();
  if (!ch) return () => undefined;
  const handler = (event: MessageEvent) => {
    if ((event.data as { action?: unknown } | null)?.action === "logout") onLogout();
  };
  ch.addEventListener("message", handler);
  return () => ch.removeEventListener("message", handler);
}
