/**
 * The buy dialog's smart tab (docs/behaviour/pricing-and-purchase.md#purchase-popup: membership for
 * free users, credits otherwise) for a guest, a free user and a subscriber, and the upgrade mode
 * (standard tier only) of a standard subscriber's "Upgrade".
 */
import type { APIRequestContext } from "@playwright/test";
import { registerUser, signIn, type TestUser } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

async function subscribeStandardMonthly(request: APIRequestContext, user: TestUser): Promise<void> {
  const res = await request.post("/store/checkout/pay", {
    data: { sku_id: 24109013, zero: 0, session: "e2e" },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(res.ok()).toBe(true);
}

/** Opens the buy dialog; its selected tab, which the caller checks with a retrying assertion. */
async function smartTab(page: import("@playwright/test").Page): Promise<import("@playwright/test").Locator> {
  await page.getByTestId("purchase-button").click();
  const buy = page.getByTestId("buy-dialog");
  await expect(buy).toBeVisible();
  return buy.getByRole("tab", { selected: true });
}

test("a guest's purchase button opens the credits tab", async ({ page }) => {
  await page.goto("/home");
  await expect(await smartTab(page)).toHaveText("Credits");
});

test("a free user's purchase button opens the membership tab", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/home");
  await expect(page.getByTestId("credit-count")).toHaveText("5");
  await expect(await smartTab(page)).toHaveText("Membership");
});

test("a subscriber's opens credits; Upgrade shows the standard plans only", async ({ page, request }) => {
  const user = await registerUser(request);
  await subscribeStandardMonthly(request, user);
  await signIn(page, user);
  await page.goto("/home");
  await expect(page.getByTestId("plan-badge")).toHaveText("Standard");
  await expect(await smartTab(page)).toHaveText("Credits");
  await page.keyboard.press("Escape");

  await page.getByTestId("avatar-button").click();
  await page.getByRole("button", { name: "Upgrade" }).click();
  const buy = page.getByTestId("buy-dialog");
  await expect(buy.getByRole("tab", { selected: true })).toHaveText("Membership");
  await expect(buy.locator('[data-testid^="plan-standard_"]').first()).toBeVisible();
  await expect(buy.locator('[data-testid^="plan-premium_"]')).toHaveCount(0);
});
