/**
 * The check-in popup opens by itself as docs/behaviour/credits-and-checkin.md#daily-check-in says:
 * when the visitor has not checked in in this cycle (the server's status), or from the e-mail link;
 * guests are offered it too (their "Log in to check in" opens the login dialog); a popup closed in this cycle
 * stays closed.
 */
import { registerUser, type TestUser } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ page }) => {
  // Unsolicited popups are off for automated browsers unless this QA switch is on; the daily ad
  // popup and the promotion modal are marked shown so only the check-in is under test.
  await page.addInitScript(() => {
    localStorage.setItem("aivg.automation-popups", "1");
    localStorage.setItem("aivg.ad-slot.pc_popup", JSON.stringify({ closedAt: Date.now() }));
    localStorage.setItem("aivg.promo-modal.last-shown", String(Date.now()));
  });
});

async function signedIn(page: import("@playwright/test").Page, user: TestUser) {
  await page.addInitScript((token) => sessionStorage.setItem("aivg.access_token", token), user.token);
}

test("a guest is offered the check-in; the claim asks to log in; closed, it stays closed this cycle", async ({ page }) => {
  await page.goto("/home");
  const panel = page.getByTestId("checkin-panel");
  await expect(panel).toBeVisible();
  await page.getByTestId("checkin-login").click();
  await expect(page.getByTestId("login-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("login-dialog")).toBeHidden();
  if (await panel.isVisible()) await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expect(panel).toBeHidden();
  // The e-mail campaign link opens it all the same.
  await page.goto("/home?pactivity=retention_checkin_credit_for_creation");
  await expect(panel).toBeVisible();
});

test("a user who has not checked in this cycle gets the popup", async ({ page, request }) => {
  const user = await registerUser(request);
  await signedIn(page, user);
  await page.goto("/home");
  await expect(page.getByTestId("credit-count")).toHaveText("5");
  await expect(page.getByTestId("checkin-panel")).toBeVisible();
});

test("a user who has checked in this cycle (elsewhere) gets no popup", async ({ page, request }) => {
  const user = await registerUser(request);
  const claimed = await request.post("/v1/activity/checkin", { data: { code: "daily_checkin" }, headers: { Authorization: `Bearer ${user.token}` } });
  expect(claimed.ok()).toBe(true);
  await signedIn(page, user);
  const status = page.waitForResponse((r) => r.url().includes("/v1/activity/checkin/status"));
  await page.goto("/home");
  await expect(page.getByTestId("credit-count")).toHaveText("8");
  await status;
  await page.waitForTimeout(300); // the answer is applied in the next task
  await expect(page.getByTestId("checkin-panel")).toBeHidden();
});
