import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@aivg/core/rules", async (original) => ({ ...(await original<typeof import("@aivg/core/rules")>()), renewToken: vi.fn() }));

import { getAccessToken, renewToken, sessionConstants, setAccessToken } from "@aivg/core/rules";
import { createStore } from "../../state/jotai";
import { RENEW_RETRY_MS, startTokenRenewal } from "./renew";
import { tokenAtom } from "./session";
import { loadLater } from "../later/load";

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const tokenEnding = (expMs: number, tag = "") => `${b64({ alg: "HS256" })}.${b64({ uid: "u1", exp: Math.floor(expMs / 1000), tag })}.c2ln`;
const { tokenLifetimeMs, tokenRenewBeforeMs } = sessionConstants();
const NOW = Date.UTC(2026, 0, 10, 12);

let stop: () => void = () => undefined;

function start(token: string) {
  setAccessToken(token);
  const store = createStore();
  store.set(tokenAtom, token);
  stop = startTokenRenewal(store);
  return store;
}

// Core's plan is a later rule: loaded once here, so each start plans within the same tick.
beforeAll(async () => {
  await loadLater();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(NOW);
  vi.mocked(renewToken).mockReset();
});

afterEach(() => {
  stop();
  setAccessToken(null);
  vi.useRealTimers();
});

describe("token renewal", () => {
  it("renews in the token's last day and keeps the new token, so the user stays logged in past the first token's end", async () => {
    const first = tokenEnding(NOW + tokenLifetimeMs);
    const second = tokenEnding(NOW + tokenLifetimeMs + tokenRenewBeforeMs + 1000, "2");
    vi.mocked(renewToken).mockResolvedValueOnce({ access_token: second });
    const store = start(first);
    await vi.advanceTimersByTimeAsync(tokenLifetimeMs - tokenRenewBeforeMs - 1000);
    expect(renewToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBe(second);
    expect(store.get(tokenAtom)).toBe(second);
    // Past the first token's end: still the renewed token, not logged out.
    await vi.advanceTimersByTimeAsync(tokenRenewBeforeMs);
    expect(getAccessToken()).toBe(second);
  });

  it("renews at once on start when the token is already close to its end", async () => {
    vi.mocked(renewToken).mockResolvedValueOnce({ access_token: tokenEnding(NOW + tokenLifetimeMs, "new") });
    start(tokenEnding(NOW + 3_600_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(renewToken).toHaveBeenCalledTimes(1);
  });

  it("leaves an ended token alone (the server would refuse it)", async () => {
    start(tokenEnding(NOW - 1000));
    await vi.advanceTimersByTimeAsync(tokenLifetimeMs);
    expect(renewToken).not.toHaveBeenCalled();
  });

  it("tries again a minute after a failed renewal", async () => {
    vi.mocked(renewToken)
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce({ access_token: tokenEnding(NOW + tokenLifetimeMs, "b") });
    start(tokenEnding(NOW + 3_600_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(renewToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RENEW_RETRY_MS);
    expect(renewToken).toHaveBeenCalledTimes(2);
  });
});
