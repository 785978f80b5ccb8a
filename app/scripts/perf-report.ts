/**
 * First load of public pages, measured: the production build (dist/) served by the real server (so
 * compression and caching are what a visitor gets), in Debian's Chromium with 4× CPU throttling
 * (Chrome DevTools Protocol `Emulation.setCPUThrottlingRate`), cold cache, desktop and phone layouts.
 * Per page and layout it prints the medians of several loads of:
 * - the bytes of JavaScript, WASM and CSS as sent (compressed bodies, headers not counted) that the
 *   page fetched until the network went idle;
 * - FCP and LCP;
 * against the goals (docs/performance.md). It asserts nothing.
 * Run: `npm run build && npm run perf` (vite-node runs this TypeScript file). PERF_RUNS=n changes
 * the number of loads (default 5), PERF_PAGES="/a,/b" the pages, PERF_FILES=1 lists each file of
 * the first load with its bytes as sent (what to cut next).
 */
import { chromium, type CDPSession } from "@playwright/test";
import { startServer } from "../e2e/server";
import { requireReleasePackage } from "../../scripts/require-release-package.mjs";

requireReleasePackage();

const RUNS = Number(process.env.PERF_RUNS ?? 5);
const PAGES = (process.env.PERF_PAGES ?? "/,/text-to-video,/ai-tools/image-enhancer").split(",");
const CPU_SLOWDOWN = 4;
const GOALS = { kb: 250, fcp: 500, lcp: 1000 };
const LIST_FILES = process.env.PERF_FILES === "1";

interface Sample {
  fcp: number;
  lcp: number;
  /** Compressed body bytes of JS, WASM and CSS. */
  bytes: number;
  /** Per kind, for the breakdown. */
  kinds: Record<string, number>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function kindOf(type: string, mime: string, url: string): string | null {
  if (mime.includes("wasm") || url.endsWith(".wasm")) return "wasm";
  if (type === "Script" || mime.includes("javascript")) return "js";
  if (type === "Stylesheet" || mime.includes("css")) return "css";
  return null;
}

/** Counts the compressed body bytes of every JS, WASM and CSS response the page receives. */
function countBytes(cdp: CDPSession): () => Record<string, number> {
  const requests = new Map<string, { kind: string; headers: number; url: string }>();
  const totals: Record<string, number> = {};
  cdp.on("Network.responseReceived", (e) => {
    const kind = kindOf(e.type, e.response.mimeType, e.response.url);
    // At this point encodedDataLength is what arrived so far: the headers.
    if (kind) requests.set(e.requestId, { kind, headers: e.response.encodedDataLength, url: e.response.url });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    const body = Math.max(0, e.encodedDataLength - r.headers);
    totals[r.kind] = (totals[r.kind] ?? 0) + body;
    if (LIST_FILES) console.log(`  ${(body / 1000).toFixed(1).padStart(6)} KB  ${new URL(r.url).pathname}`);
  });
  return () => totals;
}

async function measure(origin: string, path: string, viewport: { width: number; height: number }): Promise<Sample[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true });
  const samples: Sample[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport, locale: "en-US" });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      const totals = countBytes(cdp);
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__lcp = entry.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      // LCP is final once the user interacts; a click on empty space finalises it without navigating.
      await page.mouse.click(1, viewport.height - 1);
      const paints = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        lcp: (window as unknown as { __lcp: number }).__lcp,
      }));
      const kinds = { ...totals() };
      samples.push({ ...paints, kinds, bytes: Object.values(kinds).reduce((a, b) => a + b, 0) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return samples;
}

const mark = (ok: boolean) => (ok ? "met" : "NOT met");
const server = await startServer();
try {
  console.log(
    `First load, median of ${RUNS} cold loads, CPU ${CPU_SLOWDOWN}× slower, no network throttling; goals: JS + WASM + CSS ≤ ${GOALS.kb} KB as sent, FCP ≤ ${GOALS.fcp} ms, LCP ≤ ${GOALS.lcp} ms\n`,
  );
  for (const path of PAGES) {
    for (const [name, viewport] of [
      ["desktop 1440×900", { width: 1440, height: 900 }],
      ["phone 390×844", { width: 390, height: 844 }],
    ] as const) {
      const samples = await measure(server.origin, path, viewport);
      const fcp = median(samples.map((s) => s.fcp));
      const lcp = median(samples.map((s) => s.lcp));
      const kb = median(samples.map((s) => s.bytes)) / 1000;
      const parts = ["js", "wasm", "css"].map((k) => `${k} ${(median(samples.map((s) => s.kinds[k] ?? 0)) / 1000).toFixed(1)}`).join(", ");
      console.log(
        `${path.padEnd(26)} ${name.padEnd(17)} ${kb.toFixed(1).padStart(6)} KB (${parts}) ${mark(kb <= GOALS.kb)}  ` +
          `FCP ${fcp.toFixed(0).padStart(5)} ms ${mark(fcp <= GOALS.fcp)}  LCP ${lcp.toFixed(0).padStart(5)} ms ${mark(lcp <= GOALS.lcp)}`,
      );
    }
  }
} finally {
  await server.stop();
}
