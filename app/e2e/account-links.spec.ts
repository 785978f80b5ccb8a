/**
 * The account menu's links (server/src/site/links.rs): terms and privacy are this server's own
 * pages, there is no Discord entry unless the operator names one, and "Account center" opens the
 * signed-in user's account page, not the log-in page.
 */
import { registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("the account menu points at this site's own pages", async ({ page, request, context }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/home");
  await page.getByTestId("avatar-button").click();
  const panel = page.getByTestId("account-panel");
  await expect(panel).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(panel.getByTestId("account-terms")).toHaveAttribute("href", "/legal/terms");
  await expect(panel.getByTestId("account-privacy")).toHaveAttribute("href", "/legal/privacy");
  await expect(panel.getByRole("link", { name: "Discord" })).toHaveCount(0);
  await expect(page.getByTestId("header-account").getByRole("link", { name: "Discord" })).toHaveCount(0);
  for (const path of ["/legal/terms", "/legal/privacy"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).toContain(new URL(origin).host);
  }

  // The account page knows the user through the token cookie the app keeps.
  await context.addCookies([{ name: "aivg_token", value: user.token, url: origin }]);
  const center = panel.getByTestId("account-center");
  await expect(center).toHaveAttribute("href", "/account");
  const [tab] = await Promise.all([context.waitForEvent("page"), center.click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/account");
  await expect(tab.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(tab.locator('[data-field="e-mail"]')).toHaveText(user.email);
});
