/**
 * Measures FCP and LCP of the production build (dist/) served by the real server, in Debian's Chromium
 * with 4× CPU throttling (Chrome DevTools Protocol `Emulation.setCPUThrottlingRate`), cold cache, for
 * the desktop and a phone viewport. It prints the median of several loads; it asserts nothing.
 * Run: `npm run build && npm run perf` (vite-node runs this TypeScript file).
 */
import { chromium } from "@playwright/test";
import { startServer } from "../e2e/server";

const RUNS = Number(process.env.PERF_RUNS ?? 5);
const CPU_SLOWDOWN = 4;

interface Sample {
  fcp: number;
  lcp: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function measure(origin: string, viewport: { width: number; height: number }): Promise<Sample[]> {
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
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__lcp = entry.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      await page.goto(`${origin}/home`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1 }).waitFor();
      // LCP is final once the user interacts; a click on empty space finalises it without navigating.
      await page.mouse.click(1, viewport.height - 1);
      const sample = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        lcp: (window as unknown as { __lcp: number }).__lcp,
      }));
      samples.push(sample);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return samples;
}

const server = await startServer();
try {
  for (const [name, viewport] of [
    ["desktop 1440×900", { width: 1440, height: 900 }],
    ["phone 390×844", { width: 390, height: 844 }],
  ] as const) {
    const samples = await measure(server.origin, viewport);
    const fcp = median(samples.map((s) => s.fcp));
    const lcp = median(samples.map((s) => s.lcp));
    console.log(
      `${name}: FCP ${fcp.toFixed(0)} ms, LCP ${lcp.toFixed(0)} ms (median of ${samples.length}, CPU ${CPU_SLOWDOWN}× slower, no network throttling; goals FCP ≤ 800, LCP ≤ 1200)`,
    );
  }
} finally {
  await server.stop();
}
