/**
 * What every visitor sees, measured from the browser's side (boxes, computed styles, counts): the
 * buy dialog's recommended badge leaves its row alone; explore and effect cards share one picture
 * frame and line up; the check-in offer banner shows at its own size; a creation screen's form
 * keeps its width when the first task card appears, and its ratio chips share rows on a phone; the
 * home carousel has previous/next and pause controls (named in the page's language) and pauses on
 * hover and focus; link cards are not underlined, the AI tools cards have icons, and the background
 * remover's Back button is not a bar.
 */
import type { Locator, Page } from "@playwright/test";
import { registerUser, requireTaskTestHooks, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", timezoneId: "UTC" });

const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };

/** No unsolicited popup, no check-in; variant A of the early-login experiment (no login dialog on a click). */
async function quietStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem("aivg.checkin-closed-at.guest", String(Date.now()));
  });
  await page.route("**/v1/common/ab-test**", (route) => route.fulfill({ json: { code: 0, msg: "success", data: { plan: 0 }, trace_id: "e2e" } }));
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error("no box: the element is not rendered");
  return found;
}

async function openBuyDialog(page: Page): Promise<Locator> {
  await page.getByTestId("purchase-button").click();
  const buy = page.getByTestId("buy-dialog");
  await expect(buy.getByRole("tab", { name: "Credits" })).toHaveAttribute("aria-selected", "true");
  return buy;
}

test.describe("pricing's recommended badge", () => {
  test("phone: a small pill; the recommended pack's row is as tall as the others and its title on one line", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await quietStart(page);
    await page.goto("/home");
    const buy = await openBuyDialog(page);
    const packs = buy.getByTestId("credits-phone-payg");
    const rows = packs.getByRole("radio");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const badge = packs.getByTestId("recommended-badge");
    await expect(badge).toBeVisible();
    const pill = await box(badge);
    expect(pill.height).toBeLessThanOrEqual(22);
    expect(pill.width).toBeLessThanOrEqual(130);
    const heights = await rows.evaluateAll((all) => all.map((row) => row.getBoundingClientRect().height));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
    const recommended = rows.filter({ has: page.getByTestId("recommended-badge") });
    const title = await box(recommended.locator("span").first());
    expect(title.height).toBeLessThan(30);
    // Above the title, on the row's top edge.
    expect(pill.y + pill.height).toBeLessThanOrEqual(title.y + 2);
  });

  test("desktop membership: a small pill, not a bar across the card", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await quietStart(page);
    await page.goto("/home");
    const buy = await openBuyDialog(page);
    await buy.getByRole("tab", { name: "Membership" }).click();
    const badge = buy.getByTestId("recommended-badge").first();
    await expect(badge).toBeVisible();
    const card = buy
      .locator("article")
      .filter({ has: page.getByTestId("recommended-badge") })
      .first();
    const [pill, frame] = [await box(badge), await box(card)];
    expect(pill.height).toBeLessThanOrEqual(22);
    expect(pill.width).toBeLessThan(frame.width / 2);
    const title = await box(card.locator("h3"));
    expect(pill.y + pill.height).toBeLessThanOrEqual(title.y + 2);
  });
});

/** Every card's picture frame is 3:4 and unstyled by the browser, its picture covers it, its caption is whole, and a row's cards are equally tall. */
async function expectEvenCards(page: Page, cards: Locator): Promise<void> {
  await expect.poll(() => cards.count()).toBeGreaterThan(2);
  const facts = await cards.evaluateAll((all) =>
    all.slice(0, 12).map((card) => {
      const thumb = card.querySelector("button");
      const img = thumb?.querySelector("img");
      const caption = card.querySelector("span");
      const style = thumb ? getComputedStyle(thumb) : null;
      const t = thumb?.getBoundingClientRect();
      const i = img?.getBoundingClientRect();
      const c = caption?.getBoundingClientRect();
      const k = card.getBoundingClientRect();
      return {
        top: Math.round(k.top),
        height: k.height,
        ratio: t ? t.width / t.height : 0,
        border: style?.borderTopWidth,
        background: style?.backgroundColor,
        fit: img ? getComputedStyle(img).objectFit : "",
        covers: Boolean(t && i && Math.abs(t.width - i.width) < 1 && Math.abs(t.height - i.height) < 1),
        captionInside: Boolean(c && c.height > 0 && c.bottom <= k.bottom + 0.5),
      };
    }),
  );
  for (const card of facts) {
    expect(card.ratio).toBeCloseTo(3 / 4, 2);
    expect(card.border).toBe("0px");
    expect(card.background).not.toBe("rgb(239, 239, 239)");
    expect(card.fit).toBe("cover");
    expect(card.covers).toBe(true);
    expect(card.captionInside).toBe(true);
  }
  const rows = new Map<number, number[]>();
  for (const card of facts) rows.set(card.top, [...(rows.get(card.top) ?? []), card.height]);
  for (const heights of rows.values()) expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
}

test.describe("explore and effect thumbnails", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`explore cards share one frame at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await quietStart(page);
      await page.goto("/explore");
      await expectEvenCards(page, page.getByTestId("explore-card"));
    });

    test(`effect cards share one frame at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await quietStart(page);
      await page.goto("/effect");
      await expectEvenCards(page, page.getByTestId("effect-card"));
    });
  }

  test("the check-in panel's special offer picture shows at its own size", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.addInitScript(() => localStorage.setItem("aivg.automation-popups", "1"));
    await page.addInitScript(() => localStorage.setItem("aivg.ad-slot.pc_popup", JSON.stringify({ closedAt: Date.now() })));
    await page.addInitScript(() => localStorage.setItem("aivg.promo-modal.last-shown", String(Date.now())));
    await page.goto("/home");
    const panel = page.getByTestId("checkin-panel");
    await expect(panel).toBeVisible();
    const picture = panel.getByRole("button", { name: "Special offer" }).locator("img");
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const { natural, shown, room } = await picture.evaluate((img: HTMLImageElement) => ({
      natural: { width: img.naturalWidth, height: img.naturalHeight },
      shown: img.getBoundingClientRect(),
      room: (img.closest("[data-testid=checkin-panel] .acc-checkin") ?? img.parentElement?.parentElement)?.getBoundingClientRect().width ?? 0,
    }));
    // Its own ratio, as wide as it is or as the panel allows.
    expect(shown.width / shown.height).toBeCloseTo(natural.width / natural.height, 1);
    expect(shown.width).toBeGreaterThanOrEqual(Math.min(natural.width, room) - 2);
    expect(shown.height).toBeGreaterThan(20);
  });
});

/** How many rows the ratio chips take (distinct tops). */
async function chipRows(page: Page): Promise<number> {
  const tops = await page
    .getByRole("radiogroup", { name: "Aspect ratio" })
    .getByRole("radio")
    .evaluateAll((all) => all.map((c) => Math.round(c.getBoundingClientRect().top)));
  return new Set(tops).size;
}

test.describe("creation pages", () => {
  test("desktop: the form column keeps its width when the first task card appears", async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    const user = await registerUser(request);
    await requireTaskTestHooks(request, user);
    await signIn(page, user);
    await page.goto("/text-to-image");
    await expect(page.getByTestId("task-queue")).toBeVisible();
    const form = page.locator(".create-form");
    const before = await box(form);
    const rowsBefore = await chipRows(page);
    await page.getByTestId("prompt").fill("a lighthouse in the fog");
    await page.getByTestId("generate").click();
    await page.getByTestId("modal-confirm").click();
    // The finished card, with its picture, in the queue.
    await expect(page.getByTestId("task-queue").getByTestId("task-output-image").first()).toBeVisible({ timeout: 20_000 });
    expect((await box(form)).width).toBeCloseTo(before.width, 0);
    expect(await chipRows(page)).toBe(rowsBefore);
  });

  test("phone: the seven ratio chips wrap several to a row", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await quietStart(page);
    await page.goto("/text-to-image");
    const chips = page.getByRole("radiogroup", { name: "Aspect ratio" }).getByRole("radio");
    await expect(chips).toHaveCount(7);
    expect(await chipRows(page)).toBeLessThanOrEqual(4);
  });
});

test.describe("home", () => {
  test("the carousel has previous, next and pause; it pauses on hover and focus", async ({ page }) => {
    // The page's timers run on Playwright's clock: each "wait" below is the autoplay's 4 s and
    // more, without spending them in real time.
    await page.clock.install();
    await page.setViewportSize(DESKTOP);
    await quietStart(page);
    await page.goto("/home");
    const carousel = page.getByTestId("home-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId("home-carousel-slide").count()).toBeGreaterThan(1);
    await expect(carousel).toHaveAttribute("data-selected", "0");
    const next = carousel.getByRole("button", { name: "Next template" });
    const previous = carousel.getByRole("button", { name: "Previous template" });
    await next.click();
    await expect(carousel).toHaveAttribute("data-selected", "1");
    await previous.click();
    await expect(carousel).toHaveAttribute("data-selected", "0");

    // Hover over the slides: autoplay (4 s) waits.
    await page.getByTestId("home-carousel-slide").first().hover();
    await page.clock.runFor(5_000);
    await expect(carousel).toHaveAttribute("data-selected", "0");

    // The pause button holds it with the pointer away; play resumes.
    await page.mouse.move(0, 0);
    await carousel.getByRole("button", { name: "Pause the slideshow" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_000);
    await expect(carousel).toHaveAttribute("data-selected", "0");
    await carousel.getByRole("button", { name: "Play the slideshow" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_000);
    await expect(carousel).toHaveAttribute("data-selected", "1");

    // Keyboard focus in a slide holds it too.
    await page.getByTestId("home-carousel-slide").nth(1).getByRole("link").focus();
    await page.clock.runFor(5_000);
    await expect(carousel).toHaveAttribute("data-selected", "1");
  });

  test("the carousel's controls are named in the page's language", async ({ page }) => {
    await quietStart(page);
    await page.goto("/jp/home");
    const carousel = page.getByTestId("home-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole("button", { name: "次のテンプレート" })).toBeVisible();
    await expect(carousel.getByRole("button", { name: "前のテンプレート" })).toBeVisible();
    await expect(carousel.getByRole("button", { name: "スライドショーを一時停止" })).toBeVisible();
    await page.goto("/de/home");
    await page.getByTestId("home-carousel").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("home-carousel").getByRole("button", { name: "Nächste Vorlage" })).toBeVisible();
  });

  test("the AI tools cards have icons and no underline; hover marks the card", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await quietStart(page);
    await page.goto("/ai-tools");
    const cards = page.getByTestId("tool-card");
    await expect.poll(() => cards.count()).toBe(8);
    await expect(cards.locator("[data-icon][data-state=ready]")).toHaveCount(8);
    const underlined = await cards.evaluateAll(
      (all) => all.flatMap((card) => [...card.querySelectorAll("a, a *")]).filter((el) => getComputedStyle(el).textDecorationLine.includes("underline")).length,
    );
    expect(underlined).toBe(0);
    const first = cards.first();
    const resting = await first.evaluate((el) => getComputedStyle(el).borderTopColor);
    await first.hover();
    await expect.poll(() => first.evaluate((el) => getComputedStyle(el).borderTopColor)).not.toBe(resting);
  });

  test("the zone cards are not underlined and keyboard focus marks the card", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await quietStart(page);
    await page.goto("/explore/zone");
    const cards = page.getByTestId("zone-card");
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    const underlined = await cards.evaluateAll(
      (all) => all.flatMap((card) => [...card.querySelectorAll("a, a *")]).filter((el) => getComputedStyle(el).textDecorationLine.includes("underline")).length,
    );
    expect(underlined).toBe(0);
    const first = cards.first();
    const resting = await first.evaluate((el) => getComputedStyle(el).borderTopColor);
    await first.getByRole("link").focus();
    await expect.poll(() => first.evaluate((el) => getComputedStyle(el).borderTopColor)).not.toBe(resting);
  });

  test("the background remover's Back button is a button, not a bar across the form", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await quietStart(page);
    await page.goto("/ai-tools/bg-remover");
    const back = page.getByTestId("tool-back");
    await expect(back).toBeVisible();
    const [button, form] = [await box(back), await box(page.locator(".create-form"))];
    expect(button.width).toBeLessThan(form.width / 3);
  });
});
