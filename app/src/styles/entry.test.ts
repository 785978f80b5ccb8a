import { applyEntryStyles } from "./entry";

describe("applyEntryStyles", () => {
  afterEach(() => document.head.querySelectorAll("link").forEach((l) => l.remove()));

  function preload(href: string): HTMLLinkElement {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "style";
    link.href = href;
    link.setAttribute("data-entry-style", "");
    document.head.append(link);
    return link;
  }

  it("makes each marked preload a stylesheet and resolves when all have loaded or failed", async () => {
    const a = preload("/assets/a.css");
    const b = preload("/assets/b.css");
    let done = false;
    const applied = applyEntryStyles().then(() => (done = true));
    expect([a.rel, b.rel]).toEqual(["stylesheet", "stylesheet"]);
    a.dispatchEvent(new Event("load"));
    await Promise.resolve();
    expect(done).toBe(false);
    b.dispatchEvent(new Event("error"));
    await applied;
    expect(done).toBe(true);
  });

  it("leaves unmarked links alone and resolves at once without marked ones", async () => {
    const icon = document.createElement("link");
    icon.rel = "icon";
    document.head.append(icon);
    await applyEntryStyles();
    expect(icon.rel).toBe("icon");
  });
});
