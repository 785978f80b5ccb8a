import { getAccessToken, sessionConstants, setAccessToken } from "@aivg/core";
import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { TOKEN_COOKIE, TOKEN_LOCAL_KEY } from "./config";
import { clearCredentials, flagsAtom, initSession, tokenAtom, userAtom } from "./session";

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const tokenFor = (uid: string) => `${b64({ typ: "JWT", alg: "HS256" })}.${b64({ sub: uid, uid, exp: 4_000_000_000 })}.c2ln`;
const key = sessionConstants().userInfoStorageKey;
const record = (uid: string, now: number) =>
  JSON.stringify({ expire: now + 3_600_000, data: { uid, nickname: "Ada", integral: { integral: 7 }, verify: { level: "standard", expired_time: 0, is_expired: false } } });

afterEach(() => {
  document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0`;
  localStorage.clear();
  sessionStorage.clear();
  setAccessToken(null); // core keeps an in-memory copy too
});

describe("session start", () => {
  it("moves the cookie token to local and session storage and keeps the cached user of that uid", () => {
    const store = createStore();
    const now = Date.now();
    const token = tokenFor("u1");
    document.cookie = `${TOKEN_COOKIE}=${token}; path=/`;
    localStorage.setItem(key, record("u1", now));
    initSession(store, now);
    expect(store.get(tokenAtom)).toBe(token);
    expect(localStorage.getItem(TOKEN_LOCAL_KEY)).toBe(token);
    expect(getAccessToken()).toBe(token);
    expect(store.get(userAtom)?.nickname).toBe("Ada");
    expect(store.get(flagsAtom)).toMatchObject({ isLogin: true, isStandard: true, curCredits: 7, planLevel: "standard" });
  });

  it("clears a cached user whose uid is not the token's", () => {
    const store = createStore();
    const now = Date.now();
    document.cookie = `${TOKEN_COOKIE}=${tokenFor("u1")}; path=/`;
    localStorage.setItem(key, record("someone-else", now));
    initSession(store, now);
    expect(store.get(userAtom)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
    expect(store.get(flagsAtom).isLogin).toBe(true);
  });

  it("without any token the visitor is a guest", () => {
    const store = createStore();
    initSession(store, Date.now());
    expect(store.get(flagsAtom)).toMatchObject({ isLogin: false, planLevel: "guest" });
  });

  it("clearing the credentials forgets every copy", () => {
    const store = createStore();
    const now = Date.now();
    document.cookie = `${TOKEN_COOKIE}=${tokenFor("u1")}; path=/`;
    localStorage.setItem(key, record("u1", now));
    initSession(store, now);
    clearCredentials(store);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
    expect(getAccessToken()).toBeUndefined();
    expect(localStorage.getItem(TOKEN_LOCAL_KEY)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
    expect(document.cookie).not.toContain(`${TOKEN_COOKIE}=ey`);
  });
});
