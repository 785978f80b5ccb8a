/**
 * Token renewal (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions `GET /v1/token/renew`,
 * #tokens-and-sessions token cookie 2 days) with the page's clock under control: a page left open
 * renews in the token's last day and the user stays logged in past the first token's end; a visit
 * when the token is already close renews at start.
 */
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

const HOUR = 3_600_000;

function expOf(token: string): number {
  const payload = token.split(".")[1] ?? "";
  return (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp: number }).exp;
}

async function cookieToken(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === "aivg_token")?.value;
}

/** The token cookie once the page has written a new one (signIn leaves no cookie: it starts absent). */
async function renewedCookie(context: BrowserContext, old: string): Promise<string> {
  await expect.poll(async () => ((await cookieToken(context)) ?? old) !== old).toBe(true);
  return (await cookieToken(context)) ?? "";
}

async function userAnswers(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post("/v1/user", { data: {}, headers: { Authorization: `Bearer ${token}` } });
  return res.status();
}

test("a page left open renews the token in its last day; the user stays logged in past the first token's end", async ({ page, context, request }) => {
  const user = await registerUser(request);
  const start = Date.now();
  await page.clock.install({ time: start });
  await signIn(page, user);
  await page.goto("/home");
  await expect(page.getByTestId("credit-count")).toHaveText("5");

  // Day one: nothing to renew yet.
  let renewals = 0;
  page.on("request", (r) => {
    if (r.url().includes("/v1/token/renew")) renewals += 1;
  });
  await page.clock.fastForward(20 * HOUR);
  expect(renewals).toBe(0);

  // In the token's last day the page renews by itself.
  const renewed = page.waitForResponse((r) => r.url().includes("/v1/token/renew") && r.ok());
  await page.clock.fastForward(5 * HOUR);
  await renewed;
  const fresh = await renewedCookie(context, user.token);
  // A new token (renewedCookie waited for it); the server's clock is the real one (only the page's
  // runs ahead), so it may be issued within the second of the first and carry the same expiry.
  expect(expOf(fresh)).toBeGreaterThanOrEqual(expOf(user.token));
  expect(await userAnswers(request, fresh)).toBe(200);
  // One owner of the token: the package's cookie and session copy, no copy of the app's own.
  expect(await page.evaluate(() => Object.values(localStorage).some((v) => v.includes("eyJ")))).toBe(false);

  // Past the first token's 2 days: still logged in, on the renewed token.
  await page.clock.fastForward(24 * HOUR);
  await expect(page.getByTestId("credit-count")).toHaveText("5");
  expect(await page.evaluate(() => sessionStorage.getItem("aivg.access_token"))).toBe(fresh);
  expect(renewals).toBe(1);
});

test("a visit when the token is close to its end renews at start", async ({ page, context, request }) => {
  const user = await registerUser(request);
  // The token was made 30 hours "ago": 18 of its 48 hours are left.
  await page.clock.install({ time: Date.now() + 30 * HOUR });
  await signIn(page, user);
  const renewed = page.waitForResponse((r) => r.url().includes("/v1/token/renew") && r.ok());
  await page.goto("/home");
  await renewed;
  // A new token that the server accepts (made the same second, it may carry the same expiry).
  expect(await userAnswers(request, await renewedCookie(context, user.token))).toBe(200);
  await expect(page.getByTestId("credit-count")).toHaveText("5");
});
