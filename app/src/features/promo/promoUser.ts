/**
 * The uid the promotion waits for (docs/behaviour/accounts-and-sessions.md#logged-in-test: "applied
 * once user info (uid) is initialised"). It starts from the stored user-info record when that makes
 * the visitor logged in (core's `isLoggedIn`); the account feature sets it with `setPromoUid` once
 * it has initialised or refreshed the user, and clears it on logout.
 */
import { isLoggedIn, sessionConstants } from "@aivg/core/rules";
import { atom, appStore } from "../../state/jotai";

/** The uid of the stored user-info record, when it is valid now. */
export function storedUid(storage: Pick<Storage, "getItem"> | undefined, nowMs: number): string | null {
  try {
    const raw = storage?.getItem(sessionConstants().userInfoStorageKey);
    if (raw == null) return null;
    const record = JSON.parse(raw) as { data?: { uid?: unknown } };
    if (!isLoggedIn(record, nowMs)) return null;
    const uid = record.data?.uid;
    return typeof uid === "string" || typeof uid === "number" ? String(uid) || null : null;
  } catch (error) {
    console.warn("user-info record unreadable", error);
    return null;
  }
}

function initialUid(): string | null {
  try {
    return storedUid(window.localStorage, Date.now());
  } catch {
    return null;
  }
}

export const promoUidAtom = atom<string | null>(typeof window === "undefined" ? null : initialUid());

/** Called by the account feature when the user's uid is known (null after logout). */
export function setPromoUid(uid: string | null, store = appStore): void {
  store.set(promoUidAtom, uid);
}
