/**
 * The operator console's accessibility: axe-core finds no serious or critical violation on any of
 * its pages (Overview, Users with an account open, Tasks, Engines, Payments, Audit trail, Content
 * with a list's item editor open), on the desktop and the phone; and each page's action works from
 * the keyboard alone — the page is reached by tabbing to its tab and pressing Enter, then the
 * action by tabbing to it.
 */
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import type { Locator, Page } from "@playwright/test";
import { buyTenCredits, registerUser, signIn, type TestUser } from "./create-support";
import { expect, test } from "./fixtures";
import { serverBinary } from "./server";

test.use({ locale: "en-US" });

function grantAdmin(email: string): void {
  const dataDir = process.env.AIVG_E2E_DATA_DIR;
  if (!dataDir) throw new Error("AIVG_E2E_DATA_DIR is not set (e2e/global-setup.ts)");
  execFileSync(serverBinary(), ["admin", "grant", email], { env: { ...process.env, AIVG_DATA_DIR: dataDir, DATABASE_URL: "" } });
}

const LAYOUTS = [
  { name: "desktop", size: { width: 1440, height: 900 } },
  { name: "phone", size: { width: 390, height: 844 } },
];

const PAGES = ["Overview", "Users", "Tasks", "Engines", "Payments", "Audit trail", "Content"];

async function graveViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Opens a console page with the keyboard: tabs to its tab and presses Enter. */
async function openPage(page: Page, name: string): Promise<void> {
  const tab = page.getByRole("tab", { name, exact: true });
  await tabTo(page, tab);
  await page.keyboard.press("Enter");
  await expect(tab).toHaveAttribute("aria-selected", "true");
}

async function asAdmin(page: Page, request: Parameters<typeof registerUser>[0]): Promise<{ admin: TestUser; customer: TestUser }> {
  const admin = await registerUser(request);
  const customer = await registerUser(request);
  grantAdmin(admin.email);
  await buyTenCredits(request, customer);
  await signIn(page, admin);
  return { admin, customer };
}

for (const layout of LAYOUTS) {
  test(`${layout.name}: no serious or critical axe violation on any console page`, async ({ page, request }) => {
    // Nine axe runs (the Content page's list and item editor among them): more than the default
    // 30 s on a busy machine.
    test.setTimeout(90_000);
    const { customer } = await asAdmin(page, request);
    await page.setViewportSize(layout.size);
    await page.goto("/admin");
    await expect(page.getByTestId("admin-charts")).toBeVisible();
    const found: string[] = [];
    for (const name of PAGES) {
      await page.getByRole("tab", { name, exact: true }).click();
      await page.waitForLoadState("networkidle");
      if (name === "Users") {
        await page.getByTestId("admin-user-search").fill(customer.email);
        await page.getByRole("button", { name: "Search", exact: true }).click();
        await page.getByTestId("admin-user-open").filter({ hasText: customer.email }).click();
        await expect(page.getByTestId("admin-user-balance")).toBeVisible();
      }
      if (name === "Overview") await page.getByTestId("chart-users").getByText("Show the values as a table").click();
      found.push(...(await graveViolations(page)).map((v) => `${name}: ${v}`));
      if (name === "Content") {
        // The lists' item editor: the list, then one item's form (opened, not saved).
        await page.getByRole("button", { name: "Lists", exact: true }).click();
        await expect(page.getByTestId("item-row-1430")).toBeVisible();
        found.push(...(await graveViolations(page)).map((v) => `Content lists: ${v}`));
        await page.getByTestId("item-edit-1430").click();
        await expect(page.getByTestId("item-editor")).toBeVisible();
        found.push(...(await graveViolations(page)).map((v) => `Content item: ${v}`));
      }
    }
    expect(found).toEqual([]);
  });
}

test("every console page's action works with the keyboard", async ({ page, request }) => {
  const { customer } = await asAdmin(page, request);
  await page.goto("/admin");
  await expect(page.getByTestId("admin-charts")).toBeVisible();

  // Overview: the range of the charts.
  const thirty = page.getByTestId("admin-range-30");
  await tabTo(page, thirty);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("admin-charts")).toHaveAttribute("data-days", "30");
  await expect(thirty).toHaveAttribute("aria-pressed", "true");

  // Users: search, open the account, grant a credit with a reason.
  await openPage(page, "Users");
  await tabTo(page, page.getByTestId("admin-user-search"));
  await page.keyboard.type(customer.email);
  await page.keyboard.press("Enter");
  const open = page.getByTestId("admin-user-open").filter({ hasText: customer.email });
  await tabTo(page, open);
  await page.keyboard.press("Enter");
  const before = Number(await page.getByTestId("admin-user-balance").textContent());
  await tabTo(page, page.getByTestId("admin-credit-delta"));
  await page.keyboard.type("2");
  await tabTo(page, page.getByTestId("admin-credit-reason"));
  await page.keyboard.type("Keyboard goodwill");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("admin-user-balance")).toHaveText(String(before + 2));

  // Tasks: filter by the customer.
  await openPage(page, "Tasks");
  const filter = page.getByRole("button", { name: "Filter", exact: true });
  await tabTo(page, filter);
  await page.keyboard.press("Enter");
  await expect(filter).toBeVisible();

  // Engines: ask the engines again.
  await openPage(page, "Engines");
  const again = page.getByRole("button", { name: "Ask again" });
  await tabTo(page, again);
  await page.keyboard.press("Enter");
  await expect(again).toBeVisible();

  // Payments: the purchases list (this server sells through its test store, which Stripe cannot
  // refund); a Stripe purchase's refund is made with the keyboard in admin-payments.spec.ts.
  await openPage(page, "Payments");
  await expect(page.getByTestId("admin-trade-row").filter({ hasText: customer.email })).toContainText("test store");

  // Audit trail: the grant made above, by keyboard.
  await openPage(page, "Audit trail");
  await expect(page.getByTestId("admin-audit-row").filter({ hasText: "Keyboard goodwill" })).toHaveCount(1);
});
