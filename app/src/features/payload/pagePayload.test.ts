import { decodePayloadAsync } from "@aivg/core/payload-async";
import { describe, expect, it, vi } from "vitest";
import { buildFiles } from "../../../scripts/build-manifest";
import { basePath, payloadFile, prerenderPayloads, publicPages } from "../../../scripts/prerender-payloads";
import { asPagePayload, isPrerendered, loadPagePayload, payloadPath, type PayloadDeps } from "./pagePayload";

const tdk = (route: { name: string }, language: string) => ({
  title: `${route.name} ${language}`,
  description: "d",
  keywords: "k",
});

describe("prerendered payloads (build side)", () => {
  it("drops optional parameters and refuses required ones", () => {
    expect(basePath({ path: "/text-to-music/:semantic?/:tabname?" } as never)).toBe("/text-to-music");
    expect(basePath({ path: "/effect/create/:semantic?" } as never)).toBe("/effect/create");
    expect(basePath({ path: "/x/:id" } as never)).toBeNull();
  });

  it("covers the indexable pages in the eight real languages, never zz, redirects or noindex pages", () => {
    const paths = publicPages().map((p) => p.path);
    expect(paths).toContain("/home");
    expect(paths).toContain("/de/home");
    expect(paths).toContain("/jp/text-to-video");
    expect(paths).toContain("/ai-tools");
    expect(paths.some((p) => p.startsWith("/zz/"))).toBe(false);
    for (const excluded of ["/", "/404", "/create", "/debug/test-error", "/red1-to-home", "/ai/red2-to-home"]) {
      expect(paths).not.toContain(excluded);
    }
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.length % 8).toBe(0);
  });

  it("writes devalue text that core's decodePayloadAsync turns back into the page data, Date included", async () => {
    const payloads = prerenderPayloads({ buildId: "b1", timestamp: 1_714_521_600_000, tdk });
    const decoded = asPagePayload(await decodePayloadAsync(payloads.get("/fr/text-to-video") ?? ""));
    expect(decoded).toMatchObject({
      route: "TextToVideo",
      language: "fr",
      path: "/fr/text-to-video",
      meta: { type: "text2video", hasBack: false },
      tdk: { title: "TextToVideo fr" },
      buildId: "b1",
    });
    expect(decoded?.prerenderedAt.getTime()).toBe(1_714_521_600_000);
  });

  it("emits latest.json, the manifest listing every payload, and the payload files", () => {
    const files = buildFiles("b2", 7, tdk);
    expect(JSON.parse(files.get("builds/latest.json") ?? "")).toEqual({ id: "b2", timestamp: 7 });
    const manifest = JSON.parse(files.get("builds/meta/b2.json") ?? "") as { id: string; prerendered: string[] };
    expect(manifest.id).toBe("b2");
    expect(manifest.prerendered).toContain("/ko/explore");
    for (const path of manifest.prerendered) expect(files.has(payloadFile(path))).toBe(true);
    expect(payloadFile("/home")).toBe("home/_payload.json");
    expect(payloadFile("/de/ai-tools/bg-remover")).toBe("de/ai-tools/bg-remover/_payload.json");
  });
});

describe("page payload loading (app side)", () => {
  const text = prerenderPayloads({ buildId: "b1", timestamp: 0, tdk }).get("/home") ?? "";
  const deps = (over: Partial<PayloadDeps> = {}): PayloadDeps => ({
    manifest: async () => ({ id: "b1", prerendered: ["/home"] }),
    fetchText: vi.fn(async () => text),
    decode: (t) => decodePayloadAsync(t),
    buildId: "b1",
    warn: vi.fn(),
    ...over,
  });

  it("loads a prerendered page's payload with the build id", async () => {
    const d = deps();
    const payload = await loadPagePayload("/home/", d);
    expect(payload?.route).toBe("Home");
    expect(d.fetchText).toHaveBeenCalledWith("/home", "b1");
  });

  it("does not request pages the manifest does not list, nor without a manifest", async () => {
    const d = deps();
    expect(await loadPagePayload("/libraries", d)).toBeUndefined();
    expect(await loadPagePayload("/home", deps({ manifest: async () => undefined }))).toBeUndefined();
    expect(d.fetchText).not.toHaveBeenCalled();
  });

  it("logs and carries on when the payload is not devalue text (e.g. the SPA's index.html)", async () => {
    const d = deps({ fetchText: async () => "<!doctype html><html></html>" });
    expect(await loadPagePayload("/home", d)).toBeUndefined();
    expect(d.warn).toHaveBeenCalled();
  });

  it("keys paths without a trailing slash", () => {
    expect(payloadPath("/")).toBe("/");
    expect(payloadPath("/explore//")).toBe("/explore");
    expect(isPrerendered({ prerendered: ["/explore"] }, "/explore/")).toBe(true);
  });
});
