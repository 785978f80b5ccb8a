/**
 * Signing up through the log-in dialog, as a visitor does: the provider's page in the dialog's
 * iframe, its "sign up" link, e-mail and password, submit; the dialog closes once the app holds
 * the session (docs/behaviour/accounts-and-sessions.md#log-in).
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * The "sign up" link loads another page in the frame: the fields are filled only once that page
 * shows ("Sign up" on its button). Typed earlier, they went to the log-in page being replaced and
 * the submit logged in an unknown e-mail, leaving the dialog open (a flake on a loaded machine).
 */
export async function registerThroughLoginDialog(page: Page, email: string): Promise<void> {
  await page.getByTestId("login-button").click();
  const dialog = page.getByTestId("login-dialog");
  await expect(dialog).toBeVisible();
  const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
  await frame.locator("#switch").click();
  await expect(frame.locator("#submit")).toHaveText("Sign up");
  await frame.locator("#email").fill(email);
  await frame.locator("#password").fill("e2e-pass-1234");
  await frame.locator("#submit").click();
  await expect(dialog).toBeHidden();
}
