/**
 * Session edges of docs/behaviour/ads-and-experiments.md#ads: ad suppression survives a reload
 * (slot records in local storage), and a token revoked mid-session shows the 'logged out' warning
 * (docs/behaviour/calls-and-errors.md#logged-out-answer) and the login button.
 */
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US" });

async function apiLogin(request: APIRequestContext, baseURL: string): Promise<string> {
  const email = `session-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await request.post(`${baseURL}/account/register`, { data: { email, password: "e2e-pass-1234" } });
  const { data } = (await registered.json()) as { data: { code: string } };
  const token = await request.post(`${baseURL}/v1/oauth/token`, { data: { code: data.code } });
  return ((await token.json()) as { data: { access_token: string } }).data.access_token;
}

async function withToken(context: BrowserContext, baseURL: string, token: string) {
  await context.addCookies([{ name: "aivg_token", value: token, url: baseURL }]);
}

test.beforeEach(async ({ page }) => {
  // Unsolicited popups are off for automated browsers unless this QA switch is on; the promotion
  // modal (one a day) is marked shown, as these tests are about the ad slots and the session.
  await page.addInitScript(() => {
    localStorage.setItem("aivg.automation-popups", "1");
    localStorage.setItem("aivg.promo-modal.last-shown", String(Date.now()));
  });
});

test("a closed ad popup stays closed after a reload", async ({ page, context, request, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await withToken(context, baseURL!, await apiLogin(request, baseURL!));
  // The check-in popup was closed earlier in this cycle, so the ad popup comes first.
  await page.addInitScript(() => localStorage.setItem("aivg.checkin-closed-at", String(Date.now())));
  await page.goto("/home");
  await expect(page.getByTestId("credit-count")).toHaveText("5");
  const popup = page.getByTestId("ad-popup");
  await expect(popup).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem("aivg.ad-slot.pc_popup") ?? "{}") as { closedAt?: number });
  expect(record.closedAt).toBeGreaterThan(0);

  const ads = page.waitForResponse((r) => r.url().includes("/v1/common/ad"));
  await page.reload();
  await expect(page.getByTestId("credit-count")).toHaveText("5");
  await ads;
  // The ads answer has been handled once the header ad icon (same answer) is drawn.
  await expect(page.getByTestId("header-ad-icon")).toBeVisible();
  await expect(popup).toHaveCount(0);
});

test("a token revoked mid-session shows the logged-out warning", async ({ page, context, request, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await apiLogin(request, baseURL!);
  await withToken(context, baseURL!, token);
  await page.addInitScript(() => localStorage.setItem("aivg.checkin-closed-at", String(Date.now())));
  await page.addInitScript(() => {
    const r = { lastShownDate: "9999-12-31", closedAt: Date.now() };
    localStorage.setItem("aivg.ad-slot.pc_popup", JSON.stringify(r));
  });
  await page.goto("/home");
  await expect(page.getByTestId("credit-count")).toHaveText("5");

  const revoked = await request.post(`${baseURL}/v1/logout`, { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.ok()).toBe(true);

  await page.getByTestId("checkin-gift").click();
  await expect(page.getByTestId("toast-warn")).toHaveText(/You have been logged out/);
  await expect(page.getByTestId("login-button")).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("aivg.access_token"))).toBeNull();
});

test("early-login experiment, variant B: a click on the page opens login, exempt elements do not", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.route("**/v1/common/ab-test?*", async (route) => {
    const code = new URL(route.request().url()).searchParams.get("test_code");
    if (code !== "early_login") return route.continue();
    return route.fulfill({ json: { code: 0, msg: "success", trace_id: null, data: { plan: 2, test_code: code } } });
  });
  // The guest closed the check-in offer earlier this cycle: only the early login is under test.
  await page.addInitScript(() => localStorage.setItem("aivg.checkin-closed-at.guest", String(Date.now())));
  const variant = page.waitForResponse((r) => r.url().includes("test_code=early_login"));
  await page.goto("/home");
  await variant;
  const dialog = page.getByTestId("login-dialog");
  await expect(page.getByTestId("login-button")).toBeVisible();
  // The page listens for clicks once it has applied the answer (a render after it arrived): on
  // a loaded machine the first click can come before that, so it clicks until the dialog opens.
  await expect(async () => {
    await page.getByRole("heading", { level: 1 }).click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // The login button itself is exempt: it opens the dialog once, through its own handler.
  await page.getByTestId("login-button").click();
  await expect(dialog).toBeVisible();
});

test("without the QA switch an automated browser gets no unsolicited popup", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
  const page = await context.newPage();
  const ads = page.waitForResponse((r) => r.url().includes("/v1/common/ad"));
  await page.goto("/home");
  await ads;
  await expect(page.getByTestId("checkin-gift")).toBeVisible();
  await expect(page.getByTestId("ad-popup")).toHaveCount(0);
  await context.close();
});
