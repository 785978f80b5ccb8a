/**
 * The operator console (/admin, docs/operations.md#the-operator-console) from the browser: a
 * guest is asked to log in (no failing call), a user is told the page is for administrators, and
 * an admin made by `aivg-server admin grant` finds a user, grants credits with a reason, and the
 * user sees them with that reason in their credit history; the grant is in the audit trail.
 */
import { execFileSync } from "node:child_process";
import { credits, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";
import { serverBinary } from "./server";

test.use({ locale: "en-US" });

function grantAdmin(email: string): void {
  const dataDir = process.env.AIVG_E2E_DATA_DIR;
  if (!dataDir) throw new Error("AIVG_E2E_DATA_DIR is not set (e2e/global-setup.ts)");
  execFileSync(serverBinary(), ["admin", "grant", email], { env: { ...process.env, AIVG_DATA_DIR: dataDir, DATABASE_URL: "" } });
}

test("a guest is asked to log in, a user is refused, both without an error on the page", async ({ page, request }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Console" })).toBeVisible();
  await expect(page.getByText("Log in with an admin account to open the console.")).toBeVisible();
  await expect(page.getByTestId("sign-in-to-create")).toBeVisible();

  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/admin");
  await expect(page.getByTestId("admin-refused")).toHaveText("This page is for the site's administrators.");
});

test("an admin grants credits with a reason; the user sees them with it", async ({ page, request, browser }) => {
  const admin = await registerUser(request);
  const customer = await registerUser(request);
  grantAdmin(admin.email);
  await signIn(page, admin);
  await page.goto("/admin");
  await expect(page.getByTestId("admin-overview")).toBeVisible();

  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByTestId("admin-user-search").fill(customer.email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByTestId("admin-user-open").filter({ hasText: customer.email }).click();
  const before = Number(await page.getByTestId("admin-user-balance").textContent());
  await page.getByTestId("admin-credit-delta").fill("12");
  await page.getByTestId("admin-credit-reason").fill("Sorry for the failed video");
  await page.getByTestId("admin-credit-apply").click();
  await expect(page.getByTestId("admin-credit-note")).toHaveText(`12 credits moved; balance ${before + 12}.`);
  await expect(page.getByTestId("admin-user-balance")).toHaveText(String(before + 12));

  await page.getByRole("button", { name: "Back to the list" }).click();
  await page.getByRole("tab", { name: "Audit trail" }).click();
  // Other tests' admins act at the same time: the grant's row, wherever it is in the list.
  await expect(page.getByTestId("admin-audit-row").filter({ hasText: "Sorry for the failed video" })).toHaveCount(1);

  // The customer, in a browser of their own, sees the grant and its reason.
  const context = await browser.newContext({ locale: "en-US" });
  const theirs = await context.newPage();
  expect(await credits(request, customer)).toBe(before + 12);
  await signIn(theirs, customer);
  await theirs.goto("/home");
  await theirs.getByTestId("avatar-button").click();
  await theirs.getByTestId("account-panel").getByRole("button", { name: "Credit history" }).click();
  await expect(theirs.getByTestId("credit-history").getByTestId("credit-record").first()).toContainText("Sorry for the failed video");
  await context.close();
});

test("an admin disables an account: its session ends and it cannot log in until enabled", async ({ page, request }) => {
  const admin = await registerUser(request);
  const customer = await registerUser(request);
  grantAdmin(admin.email);
  await signIn(page, admin);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByTestId("admin-user-search").fill(customer.email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByTestId("admin-user-open").filter({ hasText: customer.email }).click();
  await expect(page.getByTestId("admin-user-state")).toHaveText("Active");
  await page.getByRole("button", { name: "Disable account" }).click();
  await expect(page.getByTestId("admin-user-state")).toHaveText("Disabled");

  const info = await request.post("/v1/user", { headers: { Authorization: `Bearer ${customer.token}` }, data: {} });
  expect(info.status()).toBe(401);
  const login = await request.post("/account/login", { data: { email: customer.email, password: "correct horse battery 42" } });
  expect(login.status()).toBe(403);
  expect((await login.json()).kind).toBe("account_disabled");

  await page.getByRole("button", { name: "Enable account" }).click();
  await expect(page.getByTestId("admin-user-state")).toHaveText("Active");
  const again = await request.post("/account/login", { data: { email: customer.email, password: "correct horse battery 42" } });
  expect(again.status()).toBe(200);
});
