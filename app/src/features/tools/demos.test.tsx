import { configureClient } from "@aivg/core/rules";
import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadAllMessages } from "../../test/render-app";
import { i18n } from "../../i18n/setup";
import { FIRST_SCREEN_DATA_WAIT_MS, pageLoader } from "../../routes/page";
import { resetFirstScreenForTests } from "../../routes/first-screen";
import { prefetchPageData } from "../../routes/prefetch";
import { demosFor, resetDemosForTests, settledDemos } from "./demos";
import { ToolDemos } from "./ToolDemos";

beforeAll(async () => {
  configureClient({ baseUrl: "http://localhost:3000" });
  await loadAllMessages();
});
afterEach(() => {
  resetDemosForTests();
  resetFirstScreenForTests();
  document.getElementById("aivg-first-screen")?.remove();
  vi.restoreAllMocks();
});

const answer = (list: unknown[]) =>
  new Response(JSON.stringify({ code: 0, msg: "success", data: { key: "image-enhancer", list } }), { headers: { "content-type": "application/json" } });
const demo = { id: 1, name: "Portrait", before: "/m/demo-1-before", after: "/m/demo-1-after" };
const demoUrls = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input))).filter((url) => url.includes("/v1/common/demo/list"));

describe("a tool page's examples", () => {
  it("are asked for once per key, and a failure is forgotten so the next visit asks again", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("offline"));
    expect(await demosFor("AiToolsImageEnhancer")).toEqual([]);
    fetch.mockImplementation(() => Promise.resolve(answer([demo])));
    const [first, second] = await Promise.all([demosFor("AiToolsImageEnhancer"), demosFor("AiToolsImageEnhancer")]);
    expect(first).toEqual([demo]);
    expect(second).toBe(first);
    expect(demoUrls(fetch)).toHaveLength(2);
    expect(demoUrls(fetch)[1]).toContain("key=image-enhancer");
  });

  it("are requested by the page loader of a tool route, before its module has loaded, and by no other route", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(() => Promise.resolve(answer([demo])));
    let resolveModule: (m: { default: () => null }) => void = () => {};
    const module = new Promise<{ default: () => null }>((resolve) => (resolveModule = resolve));
    const loading = pageLoader({ AiToolsImageEnhancer: () => module, TextToVideo: () => module }, prefetchPageData);
    const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as Parameters<typeof loading>[0];
    const other = loading(args("http://x/text-to-video"));
    const tool = loading(args("http://x/ai-tools/image-enhancer"));
    // The request goes out while both modules are still loading, and only for the tool page.
    await vi.waitFor(() => expect(demoUrls(fetch)).toHaveLength(1));
    expect(demoUrls(fetch)[0]).toContain("key=image-enhancer");
    resolveModule({ default: () => null });
    await Promise.all([other, tool]);
    expect(demoUrls(fetch)).toHaveLength(1);
  });

  it("are in when the tool page's loader resolves, so the page's first render shows them", async () => {
    let answerNow: () => void = () => {};
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>((resolve) => (answerNow = () => resolve(answer([demo])))));
    const loading = pageLoader({ AiToolsImageEnhancer: () => Promise.resolve({ default: () => null }) }, prefetchPageData);
    let done = false;
    const tool = Promise.resolve(
      loading({ request: new Request("http://x/ai-tools/image-enhancer"), params: {}, context: {} } as Parameters<typeof loading>[0]),
    ).then(() => (done = true));
    // The module is in; the loader still waits for the examples' answer.
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    answerNow();
    await tool;
    expect(settledDemos("AiToolsImageEnhancer")).toEqual([demo]);
  });

  it("hold the tool page's loader no longer than the wait when the API does not answer", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
    vi.useFakeTimers();
    try {
      const loading = pageLoader({ AiToolsImageEnhancer: () => Promise.resolve({ default: () => null }) }, prefetchPageData);
      let done = false;
      const tool = Promise.resolve(
        loading({ request: new Request("http://x/ai-tools/image-enhancer"), params: {}, context: {} } as Parameters<typeof loading>[0]),
      ).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(FIRST_SCREEN_DATA_WAIT_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await tool;
      expect(settledDemos("AiToolsImageEnhancer")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("are read from the page's HTML when the server wrote this key's answer there, without a request", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(() => Promise.resolve(answer([demo])));
    const written = document.createElement("script");
    written.type = "application/json";
    written.id = "aivg-first-screen";
    written.textContent = JSON.stringify({ demos: { key: "image-enhancer", list: [{ ...demo, name: "<Portrait> & co" }] } });
    document.head.append(written);
    expect(await demosFor("AiToolsImageEnhancer")).toEqual([{ ...demo, name: "<Portrait> & co" }]);
    expect(settledDemos("AiToolsImageEnhancer")).toEqual([{ ...demo, name: "<Portrait> & co" }]);
    // Another tool's examples are not there: that page asks.
    expect(await demosFor("AiToolsBgRemover")).toEqual([demo]);
    expect(demoUrls(fetch).map((u) => new URL(u).searchParams.get("key"))).toEqual(["bg-remover"]);
  });

  it("are asked for when the page's HTML holds no usable answer", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(() => Promise.resolve(answer([demo])));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const written = document.createElement("script");
    written.type = "application/json";
    written.id = "aivg-first-screen";
    written.textContent = "{not json";
    document.head.append(written);
    expect(await demosFor("AiToolsImageEnhancer")).toEqual([demo]);
    expect(demoUrls(fetch)).toHaveLength(1);
  });

  it("render in the page's first render when their answer is in", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => Promise.resolve(answer([demo])));
    await demosFor("AiToolsImageEnhancer");
    expect(settledDemos("AiToolsImageEnhancer")).toEqual([demo]);
    render(
      <I18nextProvider i18n={i18n}>
        <ToolDemos route="AiToolsImageEnhancer" />
      </I18nextProvider>,
    );
    // Synchronously: no second render waiting for a request.
    const pictures = screen.getAllByRole("img");
    expect(pictures.map((p) => p.getAttribute("src"))).toEqual(["/m/demo-1-before", "/m/demo-1-after"]);
    expect(pictures.map((p) => p.getAttribute("loading"))).toEqual(["eager", "eager"]);
  });
});
