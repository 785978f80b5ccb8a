/**
 * The home page: the template carousel rotates by itself, the prompt box
 * leads into text to video with the prompt, and an icon the server does not have (404) or cannot
 * deliver (network failure) renders as an empty 24×24 box without a console message from the page.
 */
import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US" });

// A guest in variant B of the early-login experiment gets the login dialog on any click; these
// tests are about the home page, so the visitor is put in variant A (plan 0).
test.beforeEach(async ({ page }) => {
  await page.route("**/v1/common/ab-test**", (route) => route.fulfill({ json: { code: 0, msg: "success", data: { plan: 0 }, trace_id: "e2e" } }));
});

test("the template carousel rotates by itself once scrolled into view", async ({ page }) => {
  // The page's timers run on Playwright's clock, so the autoplay's interval (Embla's default,
  // 4 s) passes at once instead of in real time.
  await page.clock.install();
  await page.goto("/home");
  const carousel = page.getByTestId("home-carousel");
  await expect(carousel).toBeVisible();
  // It sits below the first screen; Embla starts when it comes near (carouselDriver.ts).
  await carousel.scrollIntoViewIfNeeded();
  await expect.poll(() => page.getByTestId("home-carousel-slide").count()).toBeGreaterThan(1);
  await expect(carousel).toHaveAttribute("data-selected", "0");
  // Autoplay moves to the next slide without any input.
  await page.clock.fastForward(10_000);
  await expect(carousel).toHaveAttribute("data-selected", "1");
});

test("the hero prompt leads into text to video with the prompt", async ({ page }) => {
  await page.goto("/home");
  await page.getByLabel("Describe the video you want").fill("a cat surfing a wave");
  await page.getByRole("button", { name: "Create a video" }).click();
  await expect(page).toHaveURL(/\/text-to-video\?prompt=a\+cat\+surfing\+a\+wave$/);
});

test("the grid lists every creation type and AI tool", async ({ page }) => {
  await page.goto("/home");
  await expect(page.getByTestId("home-creations").getByRole("link")).toHaveCount(7);
  await expect(page.getByTestId("home-tools").getByRole("link")).toHaveCount(7);
  await page
    .getByTestId("home-tools")
    .getByRole("link", { name: /Background Remover/ })
    .click();
  await expect(page).toHaveURL(/\/ai-tools\/bg-remover$/);
});

/** Console lines the browser itself writes for a failed resource (not the page's own output). */
function isIconNetworkLine(msg: ConsoleMessage): boolean {
  return msg.text().startsWith("Failed to load resource") && msg.location().url.includes("/app_static/icons/");
}

async function countPageConsoleCalls(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __consoleCalls: number }).__consoleCalls);
}

test("a missing icon renders empty without a console error", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (msg) => {
    if ((msg.type() === "error" || msg.type() === "warning") && !isIconNetworkLine(msg)) messages.push(msg.text());
  });
  page.on("pageerror", (error) => messages.push(error.message));
  // Counts every console.error / console.warn call of the page's scripts.
  await page.addInitScript(() => {
    const w = window as unknown as { __consoleCalls: number };
    w.__consoleCalls = 0;
    for (const level of ["error", "warn"] as const) {
      const original = console[level].bind(console);
      console[level] = (...args: unknown[]) => {
        w.__consoleCalls += 1;
        original(...args);
      };
    }
  });
  await page.route("**/app_static/icons/video.svg", (route) => route.fulfill({ status: 404, body: "" }));
  await page.route("**/app_static/icons/music.svg", (route) => route.abort("failed"));

  const answered = Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/app_static/icons/video.svg") && r.status() === 404),
    page.waitForEvent("requestfailed", (r) => r.url().endsWith("/app_static/icons/music.svg")),
  ]);
  await page.goto("/home");
  await answered;
  const grid = page.getByTestId("home-creations");
  // A served icon is drawn: its SVG is the mask of a box in the text colour…
  const served = grid.locator('[data-icon="image"]').first();
  await expect(served).toHaveAttribute("data-state", "ready");
  expect(await served.evaluate((e) => getComputedStyle(e).maskImage)).toContain("/app_static/icons/image.svg");
  // …a 404 and a failed fetch render empty boxes of the default size.
  for (const name of ["video", "music"]) {
    const icon = grid.locator(`[data-icon="${name}"]`).first();
    await expect(icon).toHaveAttribute("data-state", "empty");
    expect(await icon.evaluate((e) => getComputedStyle(e).maskImage)).toBe("none");
    const box = await icon.boundingBox();
    expect(box?.width).toBe(24);
    expect(box?.height).toBe(24);
  }
  expect(await countPageConsoleCalls(page)).toBe(0);
  expect(messages).toEqual([]);
});
