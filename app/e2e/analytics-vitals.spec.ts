/**
 * Analytics end to end: visiting three pages records their page views and web
 * vitals (FCP, LCP) on the server, and the stats report shows them. This spec starts its own
 * server with a stats token (AIVG_STATS_TOKEN), since the report is closed without one.
 *
 * Each visit is a full page load; leaving a page hides it, which takes the final LCP and sends the
 * queue by beacon. The test then polls the report until the beacons have arrived.
 */
import { expect, test } from "@playwright/test";
import { startServer, type RunningServer } from "./server";

const TOKEN = "e2e-analytics-stats";
let server: RunningServer;

test.beforeAll(async () => {
  process.env.AIVG_STATS_TOKEN = TOKEN;
  server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
  delete process.env.AIVG_STATS_TOKEN;
});

test.use({ locale: "en-US" });

interface Report {
  events: Array<{ name: string; count: number }>;
  vitals: Array<{ page: string; metric: string; samples: number; p75: number; good: boolean }>;
}

async function report(): Promise<Report> {
  const response = await fetch(`${server.origin}/v1/analytics/stats`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Report }).data;
}

const PAGES = ["/home", "/explore", "/text-to-video"] as const;

test("three visited pages record page views and web vitals, and the stats report shows them", async ({ page }) => {
  const before = await report();
  expect(before.events).toEqual([]);

  for (const path of PAGES) {
    await page.goto(`${server.origin}${path}`);
    await expect(page.locator("main h1").first()).toBeVisible();
    // A visitor leaving before the browser has an LCP entry sends none (the browser records it
    // once the paint is presented, after the load event the navigation waited for): wait for it.
    await page.evaluate(
      () => new Promise<void>((resolve) => new PerformanceObserver(() => resolve()).observe({ type: "largest-contentful-paint", buffered: true })),
    );
  }
  // Leave the last page too (a page outside the app), so it is hidden and sends its queue.
  await page.goto(`${server.origin}/builds/latest.json`);

  await expect
    .poll(
      async () => {
        const r = await report();
        return PAGES.flatMap((path) => ["FCP", "LCP"].map((metric) => r.vitals.some((v) => v.page === path && v.metric === metric)));
      },
      { timeout: 15_000 },
    )
    .toEqual([true, true, true, true, true, true]);

  const r = await report();
  const count = (name: string) => r.events.find((e) => e.name === name)?.count ?? 0;
  expect(count("page_view")).toBeGreaterThanOrEqual(3);
  expect(count("web_vitals")).toBeGreaterThanOrEqual(6);
  // Every call of core's client is tracked too (the home page loads templates and explore items).
  expect(count("api_call")).toBeGreaterThan(0);
  for (const v of r.vitals) {
    expect(v.samples).toBeGreaterThanOrEqual(1);
    expect(v.p75).toBeGreaterThan(0);
  }
});

test("a refused stats request shows nothing", async () => {
  const response = await fetch(`${server.origin}/v1/analytics/stats`, { headers: { authorization: "Bearer wrong" } });
  expect(response.status).toBe(401);
});
