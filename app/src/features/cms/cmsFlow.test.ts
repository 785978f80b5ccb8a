import { classifyLink, type CmsData } from "@aivg/core/rules";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CMS_INJECT_DELAY_MS, CmsFlow, INJECTED_ATTR, type CmsFlowDeps } from "./cmsFlow";
import { loadCmsSanitizer } from "./sanitize";

const page: CmsData = {
  tdk: { title: "T2V title", description: "T2V description", keywords: "t2v, ai" },
  head: '<meta name="robots-extra" content="x"><script>window.__pwned = 1</script>',
  content: '<section><h2>Write it</h2><img src="x" onerror="window.__pwned = 2"><a href="javascript:alert(1)">bad</a></section>',
  bottom: "<p>FAQ</p>",
};

interface Harness {
  flow: CmsFlow;
  fetchCms: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  assign: ReturnType<typeof vi.fn>;
  openTab: ReturnType<typeof vi.fn>;
  state: { loggedIn: boolean; embed: string | null };
}

function harness(answer: (path: string) => CmsData | undefined = () => page): Harness {
  const state = { loggedIn: false, embed: null as string | null };
  const fetchCms = vi.fn((path: string) => Promise.resolve(answer(path)));
  const navigate = vi.fn();
  const assign = vi.fn();
  const openTab = vi.fn();
  const deps: CmsFlowDeps = {
    fetchCms,
    isLoggedIn: () => state.loggedIn,
    embedMode: () => state.embed,
    doc: document,
    navigate,
    assign,
    stylesheetHref: "https://assets.example/template.min.css",
    sanitizer: loadCmsSanitizer,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    label: (block) => `label-${block}`,
    classifyLink: (href) => classifyLink(href, { currentOrigin: "https://app.example", mainSiteOrigin: "https://www.example.com" }),
    openTab,
  };
  return { flow: new CmsFlow(deps), fetchCms, navigate, assign, openTab, state };
}

/** Lets the fetch promise settle, then runs the injection timer. */
async function settle(ms = CMS_INJECT_DELAY_MS) {
  await vi.advanceTimersByTimeAsync(0);
  await vi.advanceTimersByTimeAsync(ms);
}

const injected = () => document.querySelectorAll(`[${INJECTED_ATTR}]`);

// Load DOMPurify once up front: a module load is real I/O, which fake timers do not drive.
beforeAll(() => loadCmsSanitizer());

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = "";
  document.body.innerHTML = "<main></main>";
  document.title = "AI video generator";
});
afterEach(() => vi.useRealTimers());

describe("CMS flow skip rules (docs/behaviour/languages-and-routes.md#page-content)", () => {
  it("skips the first load and an unchanged path", async () => {
    const h = harness();
    expect(h.flow.onRoute("/home")).toBe("first-load");
    expect(h.flow.onRoute("/home")).toBe("unchanged");
    await settle();
    expect(h.fetchCms).not.toHaveBeenCalled();
    expect(h.flow.onRoute("/text-to-video")).toBe("fetched");
    expect(h.fetchCms).toHaveBeenCalledWith("/text-to-video");
  });

  it("applies title, description and keywords, then injects after 50 ms", async () => {
    const h = harness();
    h.flow.onRoute("/home");
    h.flow.onRoute("/text-to-video");
    await settle(CMS_INJECT_DELAY_MS - 1);
    expect(document.title).toBe("T2V title");
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("T2V description");
    expect(document.head.querySelector('meta[name="keywords"]')?.getAttribute("content")).toBe("t2v, ai");
    expect(injected()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(document.querySelector("main .cms-content h2")?.textContent).toBe("Write it");
    expect(document.querySelector("main .cms-bottom")?.getAttribute("aria-label")).toBe("label-bottom");
    expect(document.head.querySelector('meta[name="robots-extra"]')).not.toBeNull();
  });

  it("sanitises: no script, no event handler, no javascript: URL", async () => {
    const h = harness();
    h.flow.onRoute("/home");
    h.flow.onRoute("/text-to-video");
    await settle();
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(document.querySelector("main img")?.hasAttribute("onerror")).toBe(false);
    expect(document.querySelector("main a")?.getAttribute("href") ?? "").not.toMatch(/javascript:/i);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it("removes the old blocks on the next route", async () => {
    const h = harness((path) => (path === "/explore" ? { tdk: { title: "Explore" } } : page));
    h.flow.onRoute("/home");
    h.flow.onRoute("/text-to-video");
    await settle();
    expect(injected().length).toBeGreaterThan(0);
    h.flow.onRoute("/explore");
    expect(injected()).toHaveLength(0);
    await settle();
    expect(injected()).toHaveLength(0);
    expect(document.title).toBe("Explore");
  });

  it("does not inject for a logged-in user, but still applies the page's title", async () => {
    const h = harness();
    h.state.loggedIn = true;
    h.flow.onRoute("/home");
    h.flow.onRoute("/text-to-video");
    await settle();
    expect(injected()).toHaveLength(0);
    expect(document.title).toBe("T2V title");
  });

  it("does not inject when the session flag embedmode is www-sideapp", async () => {
    const h = harness();
    h.state.embed = "www-sideapp";
    h.flow.onRoute("/home");
    h.flow.onRoute("/text-to-video");
    await settle();
    expect(injected()).toHaveLength(0);
    h.state.embed = "other";
    h.flow.onRoute("/image-to-video");
    await settle();
    expect(injected().length).toBeGreaterThan(0);
  });

  it("loads template.min.css once, when content is first injected", async () => {
    const h = harness();
    h.flow.onRoute("/home");
    h.flow.onRoute("/text-to-video");
    await settle();
    h.flow.onRoute("/image-to-video");
    await settle();
    const links = document.head.querySelectorAll('link[rel="stylesheet"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute("href")).toBe("https://assets.example/template.min.css");
  });

  it("drops an answer that arrives after the visitor moved on", async () => {
    let release: (v: CmsData) => void = () => {};
    const h = harness();
    h.fetchCms.mockImplementationOnce(() => new Promise<CmsData>((r) => (release = r)));
    h.flow.onRoute("/home");
    h.flow.onRoute("/text-to-video");
    h.flow.onRoute("/explore");
    release({ tdk: { title: "stale" }, content: "<p>stale</p>" });
    await settle();
    expect(document.title).not.toBe("stale");
    expect(document.body.textContent).not.toContain("stale");
  });

  it("follows a server redirect rule: client-side when internal, full load when external", async () => {
    const h = harness((path) =>
      path === "/red1-to-home"
        ? { redirect: { to: "/home", external: false } }
        : path === "/red1-to-ai-root"
          ? { redirect: { to: "https://example.com/ai/", external: true } }
          : undefined,
    );
    h.flow.onRoute("/explore");
    h.flow.onRoute("/red1-to-home");
    await settle();
    expect(h.navigate).toHaveBeenCalledWith("/home", true);
    expect(h.assign).not.toHaveBeenCalled();
    h.flow.onRoute("/red1-to-ai-root");
    await settle();
    expect(h.assign).toHaveBeenCalledWith("https://example.com/ai/");
    expect(injected()).toHaveLength(0);
  });

  it("leaves the page as is when the fetch gives nothing", async () => {
    const h = harness(() => undefined);
    h.flow.onRoute("/home");
    h.flow.onRoute("/libraries");
    await settle();
    expect(document.title).toBe("AI video generator");
    expect(injected()).toHaveLength(0);
  });
});

describe("CMS flow on a placeholder route's first load", () => {
  it("follows the redirect rule, and nothing else, when a visit starts on a placeholder", async () => {
    const h = harness(() => ({ tdk: { title: "ignored" }, content: "<p>ignored</p>", redirect: { to: "/text-to-video", external: false } }));
    expect(h.flow.onRoute("/red1-to-t2v", true)).toBe("first-load-redirect");
    await settle();
    expect(h.navigate).toHaveBeenCalledWith("/text-to-video", true);
    expect(document.title).toBe("AI video generator");
    expect(injected()).toHaveLength(0);
  });

  it("does nothing on a placeholder's first load without a rule", async () => {
    const h = harness(() => ({ tdk: { title: "ignored" }, content: "<p>ignored</p>" }));
    h.flow.onRoute("/red1-to-t2v", true);
    await settle();
    expect(h.navigate).not.toHaveBeenCalled();
    expect(injected()).toHaveLength(0);
    expect(document.title).toBe("AI video generator");
  });
});

describe("links in injected blocks (docs/behaviour/languages-and-routes.md#links link rules)", () => {
  const links =
    '<a id="internal" href="https://www.example.com/ai/explore?tab=hot">in</a>' +
    '<a id="main" href="https://www.example.com/pricing">main</a>' +
    '<a id="external" href="https://other.example/x">ext</a>' +
    '<a id="relative" href="#faq">rel</a>';

  async function injectedLinks() {
    const h = harness(() => ({ content: links }));
    h.flow.onRoute("/home");
    h.flow.onRoute("/text-to-video");
    await settle();
    return h;
  }
  const click = (id: string) => {
    const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    document.getElementById(id)?.dispatchEvent(event);
    return event;
  };

  it("opens a main-site AI link as its internal route, pushing a history entry", async () => {
    const h = await injectedLinks();
    expect(click("internal").defaultPrevented).toBe(true);
    expect(h.navigate).toHaveBeenCalledWith("/explore?tab=hot", false);
  });

  it("opens other main-site and external links in a new tab", async () => {
    const h = await injectedLinks();
    expect(click("main").defaultPrevented).toBe(true);
    expect(click("external").defaultPrevented).toBe(true);
    expect(h.openTab.mock.calls).toEqual([["https://www.example.com/pricing"], ["https://other.example/x"]]);
  });

  it("lets any other link behave as a link", async () => {
    const h = await injectedLinks();
    expect(click("relative").defaultPrevented).toBe(false);
    expect(h.navigate).not.toHaveBeenCalled();
    expect(h.openTab).not.toHaveBeenCalled();
  });
});
