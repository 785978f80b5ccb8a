import { describe, expect, it } from "vitest";
import { accountLinks, readLinks } from "./links";

describe("account links", () => {
  it("default to the server's own pages and no Discord", () => {
    const l = accountLinks();
    expect([l.terms, l.privacy, l.accountCenter, l.discord]).toEqual(["/legal/terms", "/legal/privacy", "/account", null]);
  });

  it("take the operator's links from the server's answer", () => {
    const l = readLinks({ code: 0, data: { terms: "https://example.org/t", privacy: "/legal/privacy", discord: "https://discord.gg/x", account_center: "" } });
    expect(l.terms).toBe("https://example.org/t");
    expect(l.discord).toBe("https://discord.gg/x");
    expect(l.accountCenter).toBe("/account");
    expect(readLinks(null).discord).toBeNull();
  });
});
