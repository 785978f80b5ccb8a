/**
 * The second way of logging in (docs/behaviour/accounts-and-sessions.md#log-in): when a login
 * through the dialog fails, the page goes to the provider's own login page and remembers when; for
 * the next hour the login button goes straight there instead of the dialog; after the hour the
 * dialog comes back.
 */
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("a failed dialog login sends the visitor the second way, and so does the login button for an hour", async ({ page }) => {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.goto("/home");
  // The code exchange fails (as when the provider's code is refused).
  await page.route("**/v1/oauth/token", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: -1, msg: "down" }) }),
  );

  await page.getByTestId("login-button").click();
  const dialog = page.getByTestId("login-dialog");
  await expect(dialog).toBeVisible();
  const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
  await frame.locator("#switch").click();
  await expect(frame.locator("#submit")).toHaveText("Sign up"); // the sign-up page has loaded
  await frame.locator("#email").fill(`second-${start}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await frame.locator("#password").fill("e2e-pass-1234");
  await frame.locator("#submit").click();
  await page.clock.runFor(300); // the 200 ms before the provider's page
  await expect(page).toHaveURL(/\/account\/login\?lang=en&theme=(dark|light)&redirect=/);
  expect(await page.evaluate(() => localStorage.getItem("aivg.second-way-login"))).not.toBeNull();

  // Within the hour: the login button goes straight to the provider's page.
  await page.goto("/home");
  await page.clock.fastForward(30 * 60_000);
  await page.getByTestId("login-button").click();
  await expect(page).toHaveURL(/\/account\/login\?lang=en&theme=(dark|light)&redirect=/);

  // After the hour: the dialog again.
  await page.goto("/home");
  await page.clock.fastForward(31 * 60_000);
  await page.getByTestId("login-button").click();
  await expect(page.getByTestId("login-dialog")).toBeVisible();
});
