/**
 * The visitor facts the CMS flow reads from storage: the logged-in test of
 * docs/behaviour/accounts-and-sessions.md#logged-in-test (core's `isLoggedIn` on the user-info
 * record in local storage) and the session flag `embedmode`. Storage failures are tolerated and
 * logged (docs/behaviour/calls-and-errors.md#the-error-catalogue): defaults are "logged out", "no
 * flag".
 */
import { isLoggedIn, sessionConstants } from "@aivg/core/rules";
import { EMBED_MODE_KEY } from "./cmsFlow";

/** Whether the stored user-info record makes the visitor logged in now. */
export function storedLoggedIn(storage: Pick<Storage, "getItem"> | undefined, nowMs: number): boolean {
  try {
    const raw = storage?.getItem(sessionConstants().userInfoStorageKey);
    if (raw == null) return false;
    return isLoggedIn(JSON.parse(raw) as unknown, nowMs);
  } catch (error) {
    console.warn("user-info record unreadable", error);
    return false;
  }
}

/** The session flag `embedmode`, or null. */
export function storedEmbedMode(storage: Pick<Storage, "getItem"> | undefined): string | null {
  try {
    return storage?.getItem(EMBED_MODE_KEY) ?? null;
  } catch (error) {
    console.warn("embedmode flag unreadable", error);
    return null;
  }
}

/**
 * Keeps an `embedmode` query parameter as the session flag, so an embedding page can set it
 * through the URL it loads (decision: the spec does not say who sets the flag).
 */
export function rememberEmbedMode(search: string, storage: Pick<Storage, "setItem"> | undefined): void {
  const value = new URLSearchParams(search).get(EMBED_MODE_KEY);
  if (value === null) return;
  try {
    storage?.setItem(EMBED_MODE_KEY, value);
  } catch (error) {
    console.warn("embedmode flag not saved", error);
  }
}
