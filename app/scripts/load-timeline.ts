/**
 * The critical path of one cold load, to see what the LCP waits for: the production build (dist/)
 * served by the real server, Debian's Chromium with 4× CPU throttling (as `npm run perf`), desktop
 * layout. Prints, in ms from navigation: every resource (start, end, initiator, path), the LCP
 * candidates, the long tasks (start, duration), the animation frames painted, and when the first
 * app elements entered the DOM (React's first commit). It measures and asserts nothing.
 * Run: `npm run build && npm run perf:timeline` (TIMELINE_PAGES="/a,/b" for other pages).
 */
import { chromium } from "@playwright/test";
import { startServer } from "../e2e/server";

const PAGES = (process.env.TIMELINE_PAGES ?? "/").split(",");
const WATCHED = ["header", "main", "h1"];

interface Observed {
  lcp: [number, string, string, number][];
  long: [number, number][];
  frames: number[];
  dom: [string, number][];
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true });
try {
  for (const path of PAGES) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await page.addInitScript((watched: string[]) => {
      const seen: Observed = { lcp: [], long: [], frames: [], dom: [] };
      (window as unknown as { __seen: Observed }).__seen = seen;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as LargestContentfulPaint[]) {
          seen.lcp.push([Math.round(e.startTime), e.element?.tagName ?? "", (e.element?.textContent || e.url.split("/").pop() || "").slice(0, 40), e.size]);
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.long.push([Math.round(e.startTime), Math.round(e.duration)]);
      }).observe({ type: "longtask", buffered: true });
      const tick = () => {
        seen.frames.push(Math.round(performance.now()));
        if (performance.now() < 3000) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const found = new Set<string>();
      new MutationObserver(() => {
        for (const sel of watched) {
          if (!found.has(sel) && document.querySelector(`#root ${sel}`)) {
            found.add(sel);
            seen.dom.push([sel, Math.round(performance.now())]);
          }
        }
      }).observe(document, { subtree: true, childList: true });
    }, WATCHED);
    await page.goto(`${server.origin}${path}`, { waitUntil: "networkidle" });
    // LCP is final once the user interacts; a click on empty space finalises it.
    await page.mouse.click(1, 899);
    const out = await page.evaluate(() => ({
      resources: performance
        .getEntriesByType("resource")
        .map((e) =>
          [
            Math.round(e.startTime),
            Math.round((e as PerformanceResourceTiming).responseEnd),
            (e as PerformanceResourceTiming).initiatorType,
            e.name.replace(location.origin, "").slice(0, 70),
          ].join("\t"),
        ),
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      seen: (window as unknown as { __seen: Observed }).__seen,
    }));
    console.log(`${path}  FCP ${Math.round(out.fcp)} ms`);
    console.log("  start\tend\tinitiator\tresource");
    for (const line of out.resources) console.log(`  ${line}`);
    console.log(`  LCP candidates [ms, element, text, size]: ${JSON.stringify(out.seen.lcp)}`);
    console.log(`  long tasks [start, ms]: ${JSON.stringify(out.seen.long)}`);
    console.log(`  frames painted: ${JSON.stringify(out.seen.frames)}`);
    console.log(`  in the DOM: ${JSON.stringify(out.seen.dom)}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
