import { describe, expect, it, vi } from "vitest";
import { loginRequestPending, requestLogin, setLoginHandler } from "./loginRequest";
import { PrelaunchPromo, PROMO_PENDING_KEY, promoOutcome, type PromoDeps } from "./prelaunch";
import { storedUid } from "./promoUser";

const QUERY = "?promo_campaign=nano_banana2_prelaunch";

function setup(apply: PromoDeps["apply"] = async () => ({ state: 1 })) {
  const map = new Map<string, string>();
  const closeProgress = vi.fn();
  const deps = {
    storage: {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    },
    apply: vi.fn(apply),
    requestLogin: vi.fn(),
    showProgress: vi.fn(() => closeProgress),
    showOutcome: vi.fn(),
    warn: vi.fn(),
  };
  return { promo: new PrelaunchPromo(deps), deps, map, closeProgress };
}

describe("prelaunch promotion (docs/behaviour/ads-and-experiments.md#prelaunch-promotion)", () => {
  it("maps states: 1 and 3 success, 5 ended, anything else failed", () => {
    expect(promoOutcome(1)).toBe("success");
    expect(promoOutcome("3")).toBe("success");
    expect(promoOutcome(5)).toBe("ended");
    for (const s of [0, 2, 4, 6, "", null, undefined, "x"]) expect(promoOutcome(s)).toBe("failed");
  });

  it("does nothing without the campaign", async () => {
    const { promo, deps } = setup();
    promo.onQuery("?promo_campaign=other");
    expect(await promo.onUser("u1")).toBe("idle");
    expect(deps.apply).not.toHaveBeenCalled();
  });

  it("asks a logged-out visitor to log in once, then applies when the uid is known", async () => {
    const { promo, deps, map, closeProgress } = setup();
    promo.onQuery(QUERY);
    expect(map.get(PROMO_PENDING_KEY)).toBe("1");
    expect(await promo.onUser(null)).toBe("login");
    expect(await promo.onUser(null)).toBe("login");
    expect(deps.requestLogin).toHaveBeenCalledTimes(1);
    expect(await promo.onUser("u1")).toBe("success");
    expect(deps.apply).toHaveBeenCalledTimes(1);
    expect(deps.showProgress).toHaveBeenCalledTimes(1);
    expect(closeProgress).toHaveBeenCalled();
    expect(deps.showOutcome).toHaveBeenCalledWith("success");
    expect(map.has(PROMO_PENDING_KEY)).toBe(false);
    // Processed: a later user change does not apply again.
    expect(await promo.onUser("u1")).toBe("idle");
  });

  it("shows the ended and failed modals", async () => {
    const ended = setup(async () => ({ state: 5 }));
    ended.promo.onQuery(QUERY);
    expect(await ended.promo.onUser("u")).toBe("ended");
    const failed = setup(async () => {
      throw new Error("HTTP 500");
    });
    failed.promo.onQuery(QUERY);
    expect(await failed.promo.onUser("u")).toBe("failed");
    expect(failed.deps.showOutcome).toHaveBeenCalledWith("failed");
    expect(failed.deps.warn).toHaveBeenCalled();
  });

  it("keeps an unprocessed campaign pending when the page unmounts, not a processed one", async () => {
    const a = setup();
    a.promo.onQuery(QUERY);
    await a.promo.onUser(null);
    a.map.delete(PROMO_PENDING_KEY); // e.g. cleared by another tab
    a.promo.onUnmount("");
    expect(a.map.get(PROMO_PENDING_KEY)).toBe("1");

    const b = setup();
    b.promo.onQuery(QUERY);
    await b.promo.onUser("u");
    b.promo.onUnmount(QUERY);
    expect(b.map.has(PROMO_PENDING_KEY)).toBe(false);
  });

  it("applies a campaign left pending by an earlier page without the query", async () => {
    const { promo, map, deps } = setup();
    map.set(PROMO_PENDING_KEY, "1");
    promo.onQuery("");
    expect(await promo.onUser("u")).toBe("success");
    expect(deps.apply).toHaveBeenCalledTimes(1);
  });
});

describe("login request interface", () => {
  it("delivers a request made before the account feature registers", () => {
    requestLogin("login");
    expect(loginRequestPending()).toBe(true);
    const open = vi.fn();
    const off = setLoginHandler(open);
    expect(open).toHaveBeenCalledWith("login");
    requestLogin("register");
    expect(open).toHaveBeenLastCalledWith("register");
    off();
    requestLogin();
    expect(open).toHaveBeenCalledTimes(2);
    expect(loginRequestPending()).toBe(true);
  });
});

describe("stored uid", () => {
  const store = (value: unknown) => ({ getItem: () => (value === undefined ? null : JSON.stringify(value)) });
  it("reads the uid of a valid user-info record only", () => {
    const now = 1_000_000;
    expect(storedUid(store({ expire: now + 1, data: { uid: "42" } }), now)).toBe("42");
    expect(storedUid(store({ expire: now + 1, data: { uid: 7 } }), now)).toBe("7");
    expect(storedUid(store({ expire: now - 1, data: { uid: "42" } }), now)).toBeNull();
    expect(storedUid(store({ expire: now + 1, data: {} }), now)).toBeNull();
    expect(storedUid(store(undefined), now)).toBeNull();
  });
});
