/**
 * docs/behaviour/ads-and-experiments.md#prelaunch-promotion prelaunch promotion:
 * ?promo_campaign=nano_banana2_prelaunch sets the session flag "promo pending"; a logged-out
 * visitor gets no apply call (the login dialog is requested through `requestLogin`, filled by the
 * account feature later); a visitor whose stored user info has a uid gets `POST /v1/activity/apply
 * {code: "nano2_free"}` and the success (1, 3), ended (5) or failed (anything else) modal, and the
 * flag is cleared. The apply answer is stubbed: the server's own states are covered by its tests,
 * and a session token is the account feature's business.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US" });

const CAMPAIGN = "/home?promo_campaign=nano_banana2_prelaunch";

async function loggedIn(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem("mediaio.user-info", JSON.stringify({ expire: Date.now() + 86_400_000, data: { uid: "e2e-user" } }));
  });
}

function stubApply(page: Page, answer: { status?: number; state?: number }, bodies: unknown[]) {
  return page.route("**/v1/activity/apply", async (route) => {
    bodies.push(route.request().postDataJSON());
    if (answer.status && answer.status !== 200) {
      await route.fulfill({ status: answer.status, json: { code: answer.status, msg: "failed", data: null, trace_id: null } });
    } else {
      await route.fulfill({ json: { code: 0, msg: "", data: { state: answer.state, credits: 0 }, trace_id: null } });
    }
  });
}

test("a logged-out visitor keeps the campaign pending and nothing is applied", async ({ page }) => {
  const bodies: unknown[] = [];
  await stubApply(page, { state: 1 }, bodies);
  await page.goto(CAMPAIGN);
  // The promotion asks a logged-out visitor to log in (the account feature's dialog).
  await expect(page.getByTestId("login-dialog")).toBeVisible();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("promo_pending"))).toBe("1");
  expect(bodies).toEqual([]);
});

for (const [state, heading] of [
  [1, "Your free credits are ready"],
  [3, "Your free credits are ready"],
  [5, "This promotion has ended"],
  [2, "We could not claim your credits"],
] as const) {
  test(`state ${state} opens the "${heading}" modal and clears the flag`, async ({ page }) => {
    await loggedIn(page);
    const bodies: unknown[] = [];
    await stubApply(page, { state }, bodies);
    await page.goto(CAMPAIGN);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: heading })).toBeVisible();
    expect(bodies).toEqual([{ code: "nano2_free" }]);
    expect(await page.evaluate(() => sessionStorage.getItem("promo_pending"))).toBeNull();
    await dialog.getByRole("button").click();
    await expect(dialog).toHaveCount(0);
  });
}

test("a failed call opens the failed modal", async ({ page }) => {
  await loggedIn(page);
  const bodies: unknown[] = [];
  await stubApply(page, { status: 500 }, bodies);
  await page.goto(CAMPAIGN);
  await expect(page.getByRole("dialog").getByRole("heading", { name: "We could not claim your credits" })).toBeVisible();
});
