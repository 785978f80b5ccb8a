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
