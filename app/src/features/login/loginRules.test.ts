import { describe, expect, it } from "vitest";
import { readFrameMessage, secondWayLoginRedirect, SECOND_WAY_WINDOW_MS } from "./loginRules";

const provider = "https://accounts.example.com";

describe("frame messages", () => {
  it("are ignored from any other origin", () => {
    expect(readFrameMessage("https://evil.example.com", { action: "auth-code", data: { code: "c" } }, provider)).toBeNull();
    expect(readFrameMessage("null", { action: "logout" }, provider)).toBeNull();
  });
  it("read each action of the provider", () => {
    expect(readFrameMessage(provider, { action: "pageview", data: {} }, provider)).toEqual({ type: "pageview" });
    expect(readFrameMessage(provider, { action: "auth-code", data: { code: "abc" } }, provider)).toEqual({ type: "authCode", code: "abc" });
    expect(readFrameMessage(provider, { action: "signup" }, provider)).toEqual({ type: "mode", mode: "register" });
    expect(readFrameMessage(provider, { action: "login" }, provider)).toEqual({ type: "mode", mode: "login" });
    expect(readFrameMessage(provider, { action: "clear-userinfo" }, provider)).toEqual({ type: "clearUserInfo" });
    expect(readFrameMessage(provider, { action: "registerSuccess" }, provider)).toEqual({ type: "registerSuccess" });
  });
  it("refuse an auth-code without a code and unknown shapes", () => {
    expect(readFrameMessage(provider, { action: "auth-code", data: {} }, provider)).toBeNull();
    expect(readFrameMessage(provider, "auth-code", provider)).toBeNull();
    expect(readFrameMessage(provider, { action: "other" }, provider)).toBeNull();
  });
});

describe("second-way login", () => {
  it("redirects only while the timestamp is under an hour old", () => {
    const now = 1_800_000_000_000;
    expect(secondWayLoginRedirect(now - 1000, now)).toBe(true);
    expect(secondWayLoginRedirect(now - SECOND_WAY_WINDOW_MS, now)).toBe(false);
    expect(secondWayLoginRedirect(null, now)).toBe(false);
    expect(secondWayLoginRedirect(now + 5000, now)).toBe(false);
  });
});
