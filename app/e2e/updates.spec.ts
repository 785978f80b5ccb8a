/**
 * docs/behaviour/languages-and-routes.md#build-updates build updates and #build-updates
 * chunk-loading errors: the app polls builds/latest.json (the build's own file, served by the
 * server from app/dist); once the id differs from the running build the next navigation is a full
 * page load; the reload guard (session storage, 10 s) stops a second one. Date.now is frozen with
 * Playwright's clock so the guard's lifetime never elapses during a test (no assertion depends on
 * real time). The poll runs hourly and when the tab becomes visible; the tests trigger the latter.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US" });

const sidebarLink = (page: Page, name: string) => page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name, exact: true });

/** A value that survives client-side navigation but not a page load. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __mark?: number }).__mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

/** Makes the app poll now (it polls whenever the tab becomes visible). */
async function pollNow(page: Page) {
  const polled = page.waitForResponse((r) => r.url().includes("/builds/latest.json"));
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await polled;
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date("2026-03-01T12:00:00Z"));
});

test("the build writes builds/latest.json and the manifest of its id", async ({ request }) => {
  const latest = (await (await request.get("/builds/latest.json")).json()) as { id: string; timestamp: number };
  expect(latest.id).toMatch(/^[0-9a-z]+-[0-9a-f]{6}$/);
  const manifest = (await (await request.get(`/builds/meta/${latest.id}.json`)).json()) as { id: string; prerendered: string[] };
  expect(manifest.id).toBe(latest.id);
  expect(manifest.prerendered).toContain("/home");
});

test("an unchanged build id never reloads", async ({ page }) => {
  await page.goto("/home");
  await expect(sidebarLink(page, "Explore")).toBeVisible();
  await mark(page);
  await pollNow(page);
  await sidebarLink(page, "Explore").click();
  await expect(page).toHaveURL(/\/explore\/?$/);
  expect(await marked(page)).toBe(true);
});

/** Counts full page loads of the main frame from now on. */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on("load", () => (loads.count += 1));
  return loads;
}

test("a new build id reloads the page on the next navigation, once within the guard", async ({ page }) => {
  await page.route("**/builds/latest.json*", (route) => route.fulfill({ json: { id: "newer-build", timestamp: 1 } }));
  await page.goto("/home");
  await expect(sidebarLink(page, "Explore")).toBeVisible();
  const loads = countLoads(page);
  await mark(page);
  await pollNow(page);
  await expect(page.getByText("A new version of the site is available")).toBeVisible();
  // The poll alone does not reload.
  expect(await marked(page)).toBe(true);

  await sidebarLink(page, "Explore").click();
  await page.waitForFunction(() => (window as unknown as { __mark?: number }).__mark === undefined);
  await expect(page).toHaveURL(/\/explore\/?$/);
  // The new document exists before its load event fires: wait for the event, not a snapshot.
  await expect.poll(() => loads.count).toBe(1);
  expect(await page.evaluate(() => sessionStorage.getItem("aivg:reload-guard"))).not.toBeNull();

  // The new page still sees a differing id, but the guard (set at the frozen "now") blocks a loop.
  await expect(sidebarLink(page, "Home")).toBeVisible();
  await mark(page);
  await pollNow(page);
  await expect(page.getByText("A new version of the site is available")).toBeVisible();
  await sidebarLink(page, "Home").click();
  await expect(page).toHaveURL(/\/home\/?$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await marked(page)).toBe(true);
  expect(loads.count).toBe(1);
});

test("a chunk that fails to load reloads the page at its target once; the guard stops a loop", async ({ page }) => {
  await page.route("**/assets/ExplorePage-*.js", (route) => route.abort());
  await page.addInitScript(() => {
    const w = window as unknown as { __preloadErrors?: number };
    addEventListener("vite:preloadError", () => (w.__preloadErrors = (w.__preloadErrors ?? 0) + 1));
  });
  await page.goto("/home");
  await expect(sidebarLink(page, "Explore")).toBeVisible();
  const loads = countLoads(page);
  await mark(page);
  await sidebarLink(page, "Explore").click();
  await page.waitForFunction(() => (window as unknown as { __mark?: number }).__mark === undefined);
  await expect(page).toHaveURL(/\/explore\/?$/);
  // The reloaded page asks for the chunk again and fails again (counted by the init script).
  await page.waitForFunction(() => ((window as unknown as { __preloadErrors?: number }).__preloadErrors ?? 0) >= 1);
  await mark(page);
  await expect(sidebarLink(page, "Home")).toBeVisible();
  await expect.poll(() => loads.count).toBe(1);
  expect(await marked(page)).toBe(true);
});

test("pages listed as prerendered load their payload with the build id, decoded without the decoder's WebAssembly", async ({ page, request }) => {
  const latest = (await (await request.get("/builds/latest.json")).json()) as { id: string };
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  const warnings: string[] = [];
  page.on("console", (m) => warnings.push(m.text()));
  await page.goto("/home");
  await expect(sidebarLink(page, "Explore")).toBeVisible();
  const payload = page.waitForResponse((r) => new URL(r.url()).pathname === "/explore/_payload.json");
  await sidebarLink(page, "Explore").click();
  const response = await payload;
  expect(new URL(response.url()).searchParams.get("_t")).toBe(latest.id);
  expect(await response.text()).toMatch(/^\[\{"route":1/);
  // A page's payload is plain data: decodePayloadAsync's JSON.parse path decodes it, so the payload
  // decoder's module (aivg_payload) is never fetched, and nothing says a payload failed to decode.
  await page.waitForLoadState("networkidle");
  expect(requested.filter((p) => p.includes("aivg_payload"))).toEqual([]);
  expect(requested.some((p) => p.includes("aivg_rules_bg"))).toBe(true);
  expect(warnings.filter((w) => w.includes("payload of"))).toEqual([]);
});
