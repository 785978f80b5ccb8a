import { getAccessToken, sessionConstants, setAccessToken } from "@aivg/core/rules";
import { createStore } from "../../state/jotai";
import { afterEach, describe, expect, it } from "vitest";
import { clearCredentials, flagsAtom, initSession, tokenAtom, userAtom } from "./session";

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const tokenFor = (uid: string) => `${b64({ typ: "JWT", alg: "HS256" })}.${b64({ sub: uid, uid, exp: 4_000_000_000 })}.c2ln`;
const key = sessionConstants().userInfoStorageKey;
// The package owns the token (cookie, session storage, memory). Under jsdom its wasm code sees no
// browser window, so only its memory copy works here: these tests hand the token to the package
// as a login would; the cookie and session-storage copies are checked in the browser tests
// (e2e/account-renew.spec.ts, e2e/account-session.spec.ts).
const record = (uid: string, now: number) =>
  JSON.stringify({
    expire: now + 3_600_000,
    data: { uid, nickname: "Ada", integral: { integral: 7 }, verify: { level: "standard", expired_time: 0, is_expired: false } },
  });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setAccessToken(null); // core keeps an in-memory copy too
});

describe("session start", () => {
  it("takes the package's token and keeps the cached user of that uid", async () => {
    const store = createStore();
    const now = Date.now();
    const token = tokenFor("u1");
    setAccessToken(token);
    localStorage.setItem(key, record("u1", now));
    await initSession(store, now);
    expect(store.get(tokenAtom)).toBe(token);
    expect(getAccessToken()).toBe(token);
    // One owner: the app keeps no copy of its own.
    expect(Object.keys(localStorage).filter((k) => localStorage.getItem(k) === token)).toEqual([]);
    expect(store.get(userAtom)?.nickname).toBe("Ada");
    expect(store.get(flagsAtom)).toMatchObject({ isLogin: true, isStandard: true, curCredits: 7, planLevel: "standard" });
  });

  it("clears a cached user whose uid is not the token's", async () => {
    const store = createStore();
    const now = Date.now();
    setAccessToken(tokenFor("u1"));
    localStorage.setItem(key, record("someone-else", now));
    await initSession(store, now);
    expect(store.get(userAtom)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
    expect(store.get(flagsAtom).isLogin).toBe(true);
  });

  it("without any token the visitor is a guest", async () => {
    const store = createStore();
    await initSession(store, Date.now());
    expect(store.get(flagsAtom)).toMatchObject({ isLogin: false, planLevel: "guest" });
  });

  it("clearing the credentials forgets every copy", async () => {
    const store = createStore();
    const now = Date.now();
    setAccessToken(tokenFor("u1"));
    localStorage.setItem(key, record("u1", now));
    await initSession(store, now);
    clearCredentials(store);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
    expect(getAccessToken()).toBeUndefined();
    expect(localStorage.getItem(key)).toBeNull();
  });
});
