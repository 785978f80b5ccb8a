import { describe, expect, it, vi } from "vitest";
import { CheckinController, type CheckinDeps } from "./checkinController";

function deps(over: Partial<CheckinDeps> = {}): CheckinDeps & { toasts: string[] } {
  const toasts: string[] = [];
  let checked = false;
  return {
    toasts,
    fetchStatus: vi.fn(() => Promise.resolve({ is_checked_in: checked, today_available: !checked, today_checkin_credits: 3, activity_active: true })),
    claim: vi.fn(() => {
      checked = true;
      return Promise.resolve({ success: true, message: "Checked in: +3 credits" });
    }),
    openLogin: vi.fn(),
    refreshUser: vi.fn(),
    track: vi.fn(),
    toast: (_kind, text) => toasts.push(text),
    isLoggedIn: () => true,
    isPhone: () => false,
    ...over,
  };
}

describe("check-in controller", () => {
  it("claims once, refreshes the user and the data, then is disabled", async () => {
    const d = deps();
    const c = new CheckinController(d, () => undefined);
    await c.load();
    expect(c.current()).toMatchObject({ status: "check_in", disabled: false, credits: 3, loading: false });
    await c.claim();
    expect(d.claim).toHaveBeenCalledTimes(1);
    expect(d.refreshUser).toHaveBeenCalled();
    expect(c.current()).toMatchObject({ status: "checked_in", disabled: true });
    await c.claim();
    expect(d.claim).toHaveBeenCalledTimes(1);
  });

  it("asks for login when logged out", async () => {
    const d = deps({ isLoggedIn: () => false });
    const c = new CheckinController(d, () => undefined);
    await c.load();
    await c.claim();
    expect(d.openLogin).toHaveBeenCalled();
    expect(d.claim).not.toHaveBeenCalled();
  });

  it("a status fetch failure falls back to check_in with 3 credits and the spec's text", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const d = deps({ fetchStatus: () => Promise.reject(new Error("down")) });
    const c = new CheckinController(d, () => undefined);
    await c.load();
    expect(c.current()).toMatchObject({ status: "check_in", credits: 3, error: "Failed to fetch check-in data" });
    warn.mockRestore();
  });

  it("a failed claim on a phone shows 'check in fail' and refetches", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const d = deps({ claim: () => Promise.reject(new Error("boom")), isPhone: () => true });
    const c = new CheckinController(d, () => undefined);
    await c.load();
    await c.claim();
    expect(d.toasts).toContain("check in fail");
    expect(d.track).toHaveBeenCalledWith("checkin_fail");
    expect(d.fetchStatus).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
