/**
 * Screenshot tests of what every visitor sees: Home, Explore, Effect, AI Tools, each creation
 * screen, the 404 page, Pricing (both tabs), the log-in dialog, and for a signed-in user the task
 * queue and the check-in panel; on desktop (1366×850) and phone (390×844), light and dark, English
 * and Japanese. Each screen is compared with its committed baseline, e2e/screens/<combination>/<screen>.png
 * (Playwright's `toHaveScreenshot`, thresholds in playwright.config.ts); a console error or a
 * failed request during a walk fails it too.
 *
 * Regenerate the baselines with `npm run screens:update` (docs/testing.md),
 * then look at every changed picture before committing it.
 *
 * What keeps the pictures the same from run to run: the fonts scripts/setup.sh installs (Noto, Noto
 * CJK), a fixed clock, reduced motion (the carousels stay still, docs/behaviour/pricing-and-purchase.md#purchase-popup),
 * animations and the caret disabled, no unsolicited popup, the early-login experiment pinned to
 * its variant A, a fixed task list. The spec finds things by test id and role, never by their text,
 * so that changed wording only changes pictures.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { registerUser } from "./create-support";
import { expect, test } from "./fixtures";
import { watchProblems } from "./page-problems";

const VIEWPORTS = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ["light", "dark"] as const;
/** English has no path prefix; the language comes from the prefix, as a visitor's link gives it. */
const LANGUAGES = { en: "", jp: "/jp" } as const;
/** The fixed time of every walk (the browser's clock; the server keeps its own). */
const NOW = new Date("2026-03-02T09:00:00Z");

/** The pages shot as they first show, by file name. */
const PAGES: readonly (readonly [string, string])[] = [
  ["home", "/home"],
  ["explore", "/explore"],
  ["effect", "/effect"],
  ["ai-tools", "/ai-tools"],
  ["text-to-video", "/text-to-video"],
  ["image-to-video", "/image-to-video"],
  ["video-to-anime", "/video-to-anime"],
  ["video-to-video", "/video-to-video"],
  ["text-to-image", "/text-to-image"],
  ["image-to-image", "/image-to-image"],
  ["text-to-music", "/text-to-music"],
  ["not-found", "/404"],
];

/** No unsolicited popup (advertisement, promotion, check-in), and the early-login experiment's variant A (no log-in dialog on a click). */
async function quietStart(page: Page, theme: string): Promise<void> {
  await page.addInitScript(
    ({ theme, now }) => {
      localStorage.setItem("aivg.theme", theme);
      for (const key of ["aivg.checkin-closed-at.guest", "aivg.checkin-closed-at", "aivg.promo-modal.last-shown", "aivg.task-promo-dismissed"])
        localStorage.setItem(key, String(now));
      localStorage.setItem("aivg.ad-slot.pc_popup", JSON.stringify({ closedAt: now }));
    },
    { theme, now: NOW.getTime() },
  );
  await page.route("**/v1/common/ab-test**", (route) => route.fulfill({ json: { code: 0, msg: "success", data: { plan: 0 }, trace_id: "e2e" } }));
}

/** Waits until the page shows its heading, its fonts and the pictures in view. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = (img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.top < innerHeight && r.width > 0;
    };
    await Promise.all(
      [...document.images]
        .filter((img) => !img.complete && inView(img))
        .map((img) => new Promise((done) => ["load", "error"].forEach((event) => img.addEventListener(event, done, { once: true })))),
    );
  });
}

/** Parts that differ from run to run: dates, times, countdowns. */
function dynamic(page: Page): Locator[] {
  // The promotion's countdown (ticks every second).
  // CSS selectors, not roles: behind a dialog the page is hidden from the accessibility tree.
  return [page.locator("time"), page.locator("[role=timer]")];
}

/**
 * Three finished tasks of fixed content for the queue (a picture with the preview badge, a
 * failure refunded, a cancelled one): the list the server would answer a user with history.
 */
async function fixedTasks(page: Page, origin: string): Promise<void> {
  const picture = `${origin}/static/seed/demo-image-enhancer-1-after.jpg`;
  const list = [
    {
      task_id: "t-screens-1",
      algorithm: "text2image",
      module: "text2image",
      status: "succeeded",
      progress: 100,
      credits: 4,
      result: { outputs: [{ url: picture, media_type: "image", width: 480, height: 360 }], preview: true },
      data: { prompt: "A lighthouse in the fog" },
      created_at: NOW.getTime() / 1000 - 600,
    },
    {
      task_id: "t-screens-2",
      algorithm: "text2video",
      module: "text2video",
      status: "failed",
      progress: 40,
      credits: 10,
      refunded: true,
      error: "The engine stopped",
      data: { prompt: "A fox in the snow" },
      created_at: NOW.getTime() / 1000 - 1200,
    },
    {
      task_id: "t-screens-3",
      algorithm: "image2video",
      module: "image2video",
      status: "cancelled",
      progress: 0,
      credits: 10,
      data: { prompt: "" },
      created_at: NOW.getTime() / 1000 - 1800,
    },
  ];
  await page.route("**/v1/ai/task", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ json: { code: 0, msg: "success", data: { list, total: list.length }, trace_id: "e2e" } })
      : route.fallback(),
  );
}

async function signIn(page: Page, request: APIRequestContext): Promise<void> {
  const user = await registerUser(request);
  await page.addInitScript((token) => sessionStorage.setItem("aivg.access_token", token), user.token);
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of THEMES) {
    for (const [language, prefix] of Object.entries(LANGUAGES)) {
      const combination = `${device}-${theme}-${language}`;
      test.describe(combination, () => {
        test.use({ viewport, isMobile: device === "phone", reducedMotion: "reduce", locale: "en-US", timezoneId: "UTC" });

        test(`screens (${combination})`, async ({ page, request, baseURL }) => {
          // A walk takes 17 pictures; on a loaded machine (the server's tests run beside the
          // browser tests) two equal screenshots in a row took longer than Playwright's 5 s.
          test.setTimeout(240_000);
          const problems = watchProblems(page, (url) => (url.endsWith("/404") ? 404 : undefined));
          await page.clock.install({ time: NOW });
          await quietStart(page, theme);
          const shot = (name: string) => expect(page).toHaveScreenshot([combination, `${name}.png`], { mask: dynamic(page), timeout: 20_000 });

          for (const [name, path] of PAGES) {
            await page.goto(`${prefix}${path}`);
            await settled(page);
            await shot(name);
          }

          // Pricing (over the last page): the buy dialog, its first and its second tab.
          await page.getByTestId("purchase-button").click();
          const buy = page.getByTestId("buy-dialog");
          // The dialog's tabs control a panel each (the phone carousel's dots are tabs without one).
          const tabs = buy.locator("[role=tab][aria-controls]").filter({ visible: true });
          await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
          await shot("pricing-first-tab");
          if (device === "phone") {
            // Reduced motion: the phone carousel stays on its slide however long the dialog is open.
            await page.clock.fastForward(20_000);
            await expect(buy.getByTestId("buy-carousel").getByRole("tab").first()).toHaveAttribute("aria-selected", "true");
          }
          await tabs.nth(1).click();
          await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
          await shot("pricing-second-tab");
          await page.keyboard.press("Escape");
          await expect(buy).toBeHidden();

          // The log-in dialog (the account provider's page in a frame).
          await page.getByTestId("login-button").filter({ visible: true }).first().click();
          const login = page.getByTestId("login-dialog");
          await expect(login.frameLocator("iframe").locator("#submit")).toBeVisible();
          await shot("login");
          await page.keyboard.press("Escape");
          await expect(login).toBeHidden();

          // Signed in: the task queue beside a creation screen, and the check-in panel.
          await signIn(page, request);
          await fixedTasks(page, baseURL ?? "");
          await page.goto(`${prefix}/text-to-image`);
          await settled(page);
          const queue = page.getByTestId("task-queue");
          await expect(queue.getByTestId("task-card")).toHaveCount(3);
          await expect(queue.getByTestId("task-output-image")).toHaveJSProperty("complete", true);
          await queue.scrollIntoViewIfNeeded();
          await shot("task-queue");
          await page.getByTestId("checkin-gift").filter({ visible: true }).first().click();
          await expect(page.getByTestId("checkin-panel")).toBeVisible();
          await shot("checkin");

          expect(problems.take()).toEqual([]);
        });
      });
    }
  }
}
