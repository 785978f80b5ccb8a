/**
 * The site's own content in the visitor's language
 * (docs/behaviour/languages-and-routes.md#site-content-in-the-visitors-language): the preset chips
 * of the creation screens and the music styles, the template names and categories, the explore
 * captions; one German word for AI tools; prices written the language's way.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", timezoneId: "UTC" });

const DESKTOP = { width: 1366, height: 850 };

/** No check-in popup and no promotion over the page under test. */
async function quietStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem("aivg.checkin-closed-at.guest", String(Date.now()));
    localStorage.setItem("aivg.promo-modal.last-shown", String(Date.now()));
  });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await quietStart(page);
});

test("German: the preset chips of text to video are German", async ({ page }) => {
  await page.goto("/de/text-to-video");
  const chips = page.locator(".create-chips[role=group]").getByRole("button");
  await expect(chips.filter({ hasText: "Filmisch" })).toBeVisible();
  await expect(chips.filter({ hasText: "Kamerafahrt nach vorn" })).toBeVisible();
  await expect(chips.filter({ hasText: /^(Cinematic|Dolly in)$/ })).toHaveCount(0);
});

test("Japanese: the music styles are Japanese and a template still picks its style", async ({ page }) => {
  await page.goto("/jp/text-to-music");
  const styles = page.getByRole("radiogroup").filter({ has: page.getByRole("radio", { name: /ローファイ/ }) });
  await expect(styles.getByRole("radio", { name: /アコースティック/ })).toBeVisible();
  await expect(styles.getByRole("radio", { name: /^(Lo-fi|Acoustic)$/ })).toHaveCount(0);
  // Picking a style sends its English name; the chip shows the Japanese one.
  await styles.getByRole("radio", { name: /ローファイ/ }).click();
  await expect(styles.getByRole("radio", { name: /ローファイ/ })).toHaveAttribute("aria-checked", "true");
});

test("German: effect template names and categories are German, English without a prefix", async ({ page }) => {
  // English first: once the German page is seen, the saved language takes an unprefixed address there.
  await page.goto("/effect");
  await expect(page.getByTestId("effect-card").filter({ hasText: "Earth Zoom Out" })).toHaveCount(1);

  await page.goto("/de/effect");
  const cards = page.getByTestId("effect-card");
  await expect(cards.filter({ hasText: "Erde-Zoom-out" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "Earth Zoom Out" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Im Trend" })).toBeVisible();
});

test("Japanese: explore captions are Japanese", async ({ page }) => {
  await page.goto("/jp/explore");
  await expect(page.getByText("朝焼けの新雪を駆けるアカギツネ").first()).toBeVisible();
  await expect(page.getByText("A red fox running through fresh snow at sunrise")).toHaveCount(0);
});

test("German says KI-Tools, in the navigation and on the page", async ({ page }) => {
  await page.goto("/de/ai-tools");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("KI-Tools");
  await expect(page.getByRole("link", { name: "KI-Tools" }).first()).toBeVisible();
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/Werkzeug/i);
});

test("German prices: the buy dialog writes 36,99 $ and 0,07 $ pro Credit", async ({ page }) => {
  await page.goto("/de/home");
  await page.getByTestId("purchase-button").click();
  const buy = page.getByTestId("buy-dialog");
  const monthly = buy.getByTestId("credits-monthly");
  await expect(monthly.locator("select option:checked")).toContainText("500");
  await expect(monthly.getByTestId("sku-price")).toHaveText("36,99 $");
  await expect(monthly.locator(".acc-per-credit")).toHaveText("0,07 $ pro Credit");
  await expect(buy).not.toContainText("$36.99");

  await buy.getByRole("tab", { name: "Mitgliedschaft" }).click();
  await expect(buy.getByTestId("total-price").first()).toContainText(/\d+,\d\d\s\$/);
});
