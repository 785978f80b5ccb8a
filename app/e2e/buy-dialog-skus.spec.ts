/**
 * The buy dialog's credit SKUs and the promotions around it, from the visitor's side
 * (docs/behaviour/pricing-and-purchase.md#purchase-popup "Ads",
 * docs/behaviour/ads-and-experiments.md#ads): one SKU list on a desktop and a phone, the recommended
 * SKU marked and chosen first, the recommend-activity mode (opened from the promotion modal) adding
 * the weekly plans, the promotion modal not shown again within 1440 minutes (page
 * clock), and the halloween banner's discount in English and Chinese (what checkout charges for it:
 * campaigns.spec.ts).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", timezoneId: "UTC" });

const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };
const MINUTE = 60_000;
/** A day outside the halloween season, at noon UTC. */
const MARCH = Date.UTC(2026, 2, 10, 12);

/** Credit amounts a list offers ("500 credits / month (recommended)" → 500), ascending. */
/** The amounts in option or radio texts, ascending; read through `expect.poll`, since the list fills in once the SKUs arrive. */
async function amounts(texts: Promise<string[]>): Promise<number[]> {
  return (await texts).map((t) => Number(/\d+/.exec(t)?.[0] ?? Number.NaN)).sort((a, b) => a - b);
}

async function openCredits(page: Page): Promise<Locator> {
  await page.getByTestId("purchase-button").click();
  const buy = page.getByTestId("buy-dialog");
  await expect(buy.getByRole("tab", { name: "Credits" })).toHaveAttribute("aria-selected", "true");
  return buy;
}

/**
 * No unsolicited popup unless a test turns the QA switch on; then no check-in either: closed at
 * the first visit (a test moving the clock records a later close itself).
 */
async function quietStart(page: Page, popups: boolean): Promise<void> {
  await page.addInitScript((on) => {
    if (on) localStorage.setItem("aivg.automation-popups", "1");
    const key = "aivg.checkin-closed-at.guest";
    if (localStorage.getItem(key) === null) localStorage.setItem(key, String(Date.now()));
  }, popups);
}

/** The plan and pack amounts the credits tab offers at a viewport. */
async function offered(page: Page, size: { width: number; height: number }): Promise<{ plans: number[]; packs: number[] }> {
  await page.setViewportSize(size);
  await page.goto("/home");
  const buy = await openCredits(page);
  const phone = size.width < 768;
  const plans = phone ? buy.getByTestId("credits-phone-plans").getByRole("radio") : buy.getByTestId("credits-monthly").locator("option");
  const packs = phone ? buy.getByTestId("credits-phone-payg").getByRole("radio") : buy.getByTestId("credits-payg").locator("option");
  await expect.poll(async () => (await plans.count()) > 0 && (await packs.count()) > 0).toBe(true);
  return { plans: await amounts(plans.allTextContents()), packs: await amounts(packs.allTextContents()) };
}

test("a desktop (1366) and a phone (390) offer the same plans and packs", async ({ page }) => {
  await quietStart(page, false);
  const desktop = await offered(page, DESKTOP);
  const phone = await offered(page, PHONE);
  expect(desktop).toEqual({ plans: [10, 25, 50, 100, 200, 300, 500], packs: [10, 50, 100, 200, 300, 500, 1000, 2000] });
  expect(phone).toEqual(desktop);
});

test("desktop: the best discount of each card is recommended and chosen first", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await quietStart(page, false);
  await page.goto("/home");
  const buy = await openCredits(page);

  const monthly = buy.getByTestId("credits-monthly");
  const payg = buy.getByTestId("credits-payg");
  await expect.poll(() => amounts(monthly.locator("option").allTextContents())).toEqual([10, 25, 50, 100, 200, 300, 500]);
  // The seed's 500 monthly plan has the largest discount of its card: chosen first and marked.
  await expect(monthly.locator("select option:checked")).toHaveText("500 credits / month (recommended)");
  await expect(monthly.getByTestId("recommended-badge")).toHaveText("Recommended");
  await expect(monthly.locator(".acc-price strong")).toHaveText("$36.99");
  // Another amount is not the recommended one: no badge.
  await monthly.locator("select").selectOption({ label: "100 credits / month" });
  await expect(monthly.getByTestId("recommended-badge")).toHaveCount(0);
  await expect(payg.locator("select option:checked")).toHaveText("2000 credits (recommended)");
});

test("phone: weekly plans only in recommend-activity mode, the recommended pack chosen", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await quietStart(page, false);
  await page.goto("/home");
  const buy = await openCredits(page);

  const plans = buy.getByTestId("credits-phone-plans");
  const packs = buy.getByTestId("credits-phone-payg");
  await expect(plans.getByRole("heading")).toHaveText("Monthly credit plan");
  await expect.poll(() => amounts(packs.getByRole("radio").allTextContents())).toEqual([10, 50, 100, 200, 300, 500, 1000, 2000]);
  await expect(plans.getByRole("radio", { name: /week/ })).toHaveCount(0);

  const recommended = packs.getByRole("radio", { name: /2000 credits/ });
  await expect(recommended.getByTestId("recommended-badge")).toBeVisible();
  await expect(recommended).toHaveAttribute("aria-checked", "true");
  await expect(buy.getByTestId("credits-phone-buy")).toHaveText("Buy now");
});

test("the promotion modal: funnel order for a guest, not again within 1440 minutes", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.clock.install({ time: MARCH });
  await quietStart(page, true);
  await page.goto("/home");

  const modal = page.getByTestId("promo-modal");
  await expect(modal).toBeVisible();
  // A guest's offers: acquisition first, each lower offer layered 10 above the one before.
  const offers = modal.locator("li");
  await expect(offers.first()).toHaveAttribute("data-stage", "acquisition");
  await expect(offers.first().getByRole("heading")).toHaveText("Sign up free");
  const layers = await offers.evaluateAll((items) => items.map((li) => getComputedStyle(li).zIndex));
  expect(layers).toEqual(["1000", "1010", "1020", "1030"]);
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  const shownAt = Number(await page.evaluate(() => localStorage.getItem("aivg.promo-modal.last-shown")));
  expect(shownAt).toBeGreaterThanOrEqual(MARCH);

  // 1439 minutes later: still within the interval, so a new visit gets no modal.
  const visit = async (at: number) => {
    await page.clock.setSystemTime(at);
    await page.evaluate((t) => localStorage.setItem("aivg.checkin-closed-at.guest", String(t)), at);
    const ads = page.waitForResponse((r) => r.url().includes("/v1/common/ad"));
    await page.reload();
    await ads;
    await expect(page.getByTestId("purchase-button")).toBeVisible();
  };
  await visit(shownAt + 1439 * MINUTE);
  await page.waitForTimeout(500); // the modal decides right after the ads answer
  await expect(page.getByTestId("checkin-panel")).toHaveCount(0);
  await expect(modal).toHaveCount(0);

  // 1440 minutes after it showed: it shows again.
  await visit(shownAt + 1440 * MINUTE);
  await expect(modal).toBeVisible();
});

test("the promotion's credits offer opens the recommend mode: the weekly plans join", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await quietStart(page, true);
  await page.goto("/home");
  const modal = page.getByTestId("promo-modal");
  await modal.getByTestId("promo-offer-buyRecommended").getByRole("button").click();
  await expect(modal).toBeHidden();

  const buy = page.getByTestId("buy-dialog");
  await expect(buy.getByRole("tab", { name: "Credits" })).toHaveAttribute("aria-selected", "true");
  const payg = buy.getByTestId("credits-payg");
  await expect.poll(() => amounts(payg.locator("option").allTextContents())).toEqual([10, 50, 100, 200, 300, 500, 1000, 2000]);
  await expect.poll(() => buy.getByTestId("credits-monthly").locator("option", { hasText: "week" }).count()).toBe(2);
  await expect(payg.locator("select option:checked")).toHaveText("2000 credits (recommended)");
  // The 1000 and 2000 packs carry the credits discount flag: 179.99 against 2000 credits at the
  // 10-credit pack's rate (0.199 each, 398.00) saves 55 %.
  await expect(payg.locator(".acc-discount")).toHaveText("Save 55%");
});

test("the halloween banner: 20% off in English, 8 (zhe) in Chinese, only in its season", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.clock.install({ time: Date.UTC(2026, 9, 31, 12) });
  await quietStart(page, false);
  await page.goto("/home");
  let buy = await openCredits(page);
  const banner = buy.getByTestId("halloween-banner");
  await expect(banner.getByTestId("halloween-text")).toHaveText("Halloween sale: 20% OFF");
  await expect(banner).toContainText("On pay-as-you-go credits");
  const size = Number(await banner.getAttribute("data-font-size"));
  expect(size).toBeGreaterThanOrEqual(12);
  expect(size).toBeLessThanOrEqual(34);
  expect(await banner.getByTestId("halloween-text").evaluate((el) => getComputedStyle(el).fontSize)).toBe(`${size}px`);

  await page.goto("/zh/home");
  await page.getByTestId("purchase-button").click();
  buy = page.getByTestId("buy-dialog");
  await expect(buy.getByTestId("halloween-text")).toHaveText("万圣节特惠：积分 8 折");

  // 2 November: the season is over (the saved language keeps the Chinese pages).
  await page.clock.setSystemTime(Date.UTC(2026, 10, 2, 12));
  await page.goto("/zh/home");
  await page.getByTestId("purchase-button").click();
  await expect(buy.getByTestId("credits-monthly")).toBeVisible();
  await expect(buy.getByTestId("halloween-banner")).toHaveCount(0);
});
