/**
 * Dialogs opened from the header: "Credit history" in the account menu closes the menu and its
 * dialog is the one on top; Pricing's dialog closed with Escape gives the focus back to the Pricing
 * button (overlays/returnFocus.ts), for guests and signed-in users alike.
 */
import type { Locator, Page } from "@playwright/test";
import { registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1366, height: 850 } });

/** Whether the element the page shows at the locator's centre belongs to it (nothing lies over it). */
async function onTop(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const handle = await target.elementHandle();
  return page.evaluate(
    ([el, x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && el !== null && (el === hit || el.contains(hit));
    },
    [handle, box.x + box.width / 2, box.y + Math.min(box.height / 2, 40)] as const,
  );
}

test("Credit history closes the account menu and opens on top; Escape goes back to the avatar", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/home");
  const avatar = page.getByTestId("avatar-button");
  await avatar.click();
  const panel = page.getByTestId("account-panel");
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Credit history" }).click();

  const history = page.getByTestId("credit-history");
  await expect(history).toBeVisible();
  await expect(panel).toHaveCount(0);
  expect(await onTop(page, history)).toBe(true);

  await page.keyboard.press("Escape");
  await expect(history).toBeHidden();
  await expect(avatar).toBeFocused();
});

for (const who of ["guest", "signed-in user"] as const) {
  test(`Pricing closed with Escape gives the focus back to the Pricing button (${who})`, async ({ page, request }) => {
    if (who === "signed-in user") await signIn(page, await registerUser(request));
    await page.goto("/home");
    const pricing = page.getByTestId("purchase-button");
    await pricing.click();
    const dialog = page.getByTestId("buy-dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(pricing).toBeFocused();

    // A second opening (the dialog's code is loaded now) does the same.
    await pricing.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(pricing).toBeFocused();
  });
}
