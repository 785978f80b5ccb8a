/**
 * The console's Payments page and Overview charts from the browser, on a server of their own
 * whose payments go through Stripe — here a fake Stripe on loopback that speaks Stripe's API
 * (`POST /v1/checkout/sessions`, `POST /v1/refunds`) and, like Stripe, signs and sends the
 * webhook events that follow (`checkout.session.completed` when the buyer pays,
 * `charge.refunded` after a refund). An admin refunds a purchase from the console; the webhook
 * takes the credits back, which the buyer's balance and credit history show. The Overview's
 * charts draw the day's data in the light and dark theme, on the desktop and the phone.
 */
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { test as base, expect } from "@playwright/test";
import { credits, registerUser, signIn, type TestUser } from "./create-support";
import { serverBinary, startServer, type RunningServer } from "./server";

const SECRET_KEY = "sk_test_e2e";
const WEBHOOK_SECRET = "whsec_e2e_secret";

/** A fake Stripe: checkout sessions, refunds, and the signed webhook events that follow. */
class FakeStripe {
  server: Server;
  url = "";
  /** Where the site's webhook is (set once the site runs). */
  site = "";
  sessions = 0;
  refunds: Record<string, string>[] = [];
  /** The payment intent and amount of each paid session, for the refund's event. */
  paid = new Map<string, number>();

  constructor() {
    this.server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        const answer = (status: number, json: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(json));
        };
        if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) {
          answer(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        } else if (req.url === "/v1/checkout/sessions") {
          this.sessions += 1;
          const id = `cs_test_e2e_${this.sessions}`;
          answer(200, { id, object: "checkout.session", url: `https://checkout.fake/c/pay/${id}` });
        } else if (req.url === "/v1/refunds" && form.payment_intent) {
          this.refunds.push(form);
          const id = `re_test_e2e_${this.refunds.length}`;
          answer(200, { id, object: "refund", status: "succeeded", payment_intent: form.payment_intent });
          const amount = this.paid.get(form.payment_intent) ?? 0;
          // Stripe tells the site a moment later that the charge was refunded.
          void this.send(`evt_refund_${id}`, "charge.refunded", {
            id: `ch_${id}`,
            object: "charge",
            payment_intent: form.payment_intent,
            amount,
            amount_refunded: amount,
            refunded: true,
          });
        } else {
          answer(400, { error: { type: "invalid_request_error", message: `unknown request ${req.url}` } });
        }
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((done) => this.server.listen(0, "127.0.0.1", done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Sends a signed event to the site's webhook, as Stripe does. */
  async send(id: string, type: string, object: Record<string, unknown>): Promise<void> {
    const body = JSON.stringify({ id, object: "event", type, data: { object } });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac("sha256", WEBHOOK_SECRET).update(`${t}.${body}`).digest("hex");
    const res = await fetch(`${this.site}/v1/pay/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": `t=${t},v1=${v1}` },
      body,
    });
    if (!res.ok) throw new Error(`the webhook answered ${res.status}: ${await res.text()}`);
  }

  async stop(): Promise<void> {
    await new Promise((done) => this.server.close(done));
  }
}

interface StripeSite {
  server: RunningServer;
  stripe: FakeStripe;
}

const test = base.extend<object, { site: StripeSite }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from the pattern
    async ({}, use) => {
      const stripe = new FakeStripe();
      await stripe.start();
      const server = await startServer({
        AIVG_STRIPE_SECRET_KEY: SECRET_KEY,
        AIVG_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        AIVG_STRIPE_API_URL: stripe.url,
      });
      stripe.site = server.origin;
      await use({ server, stripe });
      await server.stop();
      await stripe.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.server.origin);
  },
});

test.use({ locale: "en-US" });

function grantAdmin(site: StripeSite, email: string): void {
  execFileSync(serverBinary(), ["admin", "grant", email], {
    env: { ...process.env, AIVG_DATA_DIR: site.server.dataDir ?? "", DATABASE_URL: "" },
  });
}

/** The buyer pays the 100-credit pack through (fake) Stripe with payment intent `pi`. */
async function buyPack(site: StripeSite, request: import("@playwright/test").APIRequestContext, buyer: TestUser, pi: string) {
  const res = await request.post("/v1/pay/checkout", {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: { sku_id: 24120100, zero: 0, session: "e2e" },
  });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { checkout_id: string; url: string } };
  const session = data.url.split("/").pop() ?? "";
  site.stripe.paid.set(pi, 1499);
  await site.stripe.send(`evt_paid_${pi}`, "checkout.session.completed", {
    id: session,
    object: "checkout.session",
    payment_status: "paid",
    client_reference_id: data.checkout_id,
    metadata: { checkout_id: data.checkout_id },
    amount_total: 1499,
    currency: "usd",
    payment_intent: pi,
  });
}

test("an admin refunds a purchase through Stripe; the buyer's credits are taken back", async ({ page, request, browser, site }) => {
  const admin = await registerUser(request);
  const buyer = await registerUser(request);
  grantAdmin(site, admin.email);
  const pi = `pi_e2e_${Date.now().toString(36)}`;
  await buyPack(site, request, buyer, pi);
  const bought = await credits(request, buyer);
  expect(bought).toBeGreaterThanOrEqual(100);

  await signIn(page, admin);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Payments" }).click();
  const row = page.getByTestId("admin-trade-row").filter({ hasText: buyer.email });
  await expect(row).toContainText("$14.99");
  await expect(row).toContainText(pi);
  await expect(row.getByTestId("admin-trade-status")).toHaveText("Paid");
  await row.getByTestId("admin-refund").click();
  await row.getByLabel("Reason (kept in the audit trail)").fill("Asked by e-mail");
  await row.getByTestId("admin-refund-confirm").click();
  await expect(page.getByTestId("admin-payments-status")).toContainText("re_test_e2e_");
  expect(site.stripe.refunds.at(-1)?.payment_intent).toBe(pi);

  // Stripe's charge.refunded arrives; the console shows what it did.
  await expect(async () => {
    expect(await credits(request, buyer)).toBe(bought - 100);
  }).toPass();
  await page.reload();
  await page.getByRole("tab", { name: "Payments" }).click();
  await expect(row.getByTestId("admin-trade-status")).toContainText("Refunded");
  await expect(row.getByTestId("admin-trade-status")).toContainText("100 credits taken back");
  await expect(row.getByTestId("admin-refund")).toHaveCount(0);
  await expect(page.getByTestId("admin-event-row").filter({ hasText: "charge.refunded" }).first()).toContainText("took back 100 credits");
  await page.getByRole("tab", { name: "Audit trail" }).click();
  await expect(page.getByTestId("admin-audit-row").filter({ hasText: "Asked by e-mail" })).toHaveCount(1);

  // The buyer sees the credits taken back in their credit history.
  const context = await browser.newContext({ locale: "en-US", baseURL: site.server.origin });
  const theirs = await context.newPage();
  await signIn(theirs, buyer);
  await theirs.goto("/home");
  await theirs.getByTestId("avatar-button").click();
  await theirs.getByTestId("account-panel").getByRole("button", { name: "Credit history" }).click();
  await expect(theirs.getByTestId("credit-history").getByTestId("credit-record").first()).toContainText("Payment returned");
  await context.close();
});

test("the refund works with the keyboard alone", async ({ page, request, site }) => {
  const admin = await registerUser(request);
  const buyer = await registerUser(request);
  grantAdmin(site, admin.email);
  const pi = `pi_keys_${Date.now().toString(36)}`;
  await buyPack(site, request, buyer, pi);
  await signIn(page, admin);
  await page.goto("/admin");
  await expect(page.getByTestId("admin-charts")).toBeVisible();
  const press = async (target: import("@playwright/test").Locator) => {
    for (let i = 0; i < 120; i += 1) {
      await page.keyboard.press("Tab");
      if (await target.evaluate((el) => el === document.activeElement)) return;
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  };
  await press(page.getByRole("tab", { name: "Payments" }));
  await page.keyboard.press("Enter");
  const row = page.getByTestId("admin-trade-row").filter({ hasText: pi });
  await press(row.getByTestId("admin-refund"));
  await page.keyboard.press("Enter");
  await expect(row.getByLabel("Reason (kept in the audit trail)")).toBeFocused();
  await page.keyboard.type("Refund by keyboard");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("admin-payments-status")).toContainText("re_test_e2e_");
  expect(site.stripe.refunds.at(-1)?.payment_intent).toBe(pi);
});

const LAYOUTS = [
  { name: "desktop", size: { width: 1440, height: 900 } },
  { name: "phone", size: { width: 390, height: 844 } },
];

for (const layout of LAYOUTS) {
  for (const theme of ["light", "dark"] as const) {
    test(`${layout.name} ${theme}: the overview charts draw the site's data`, async ({ page, request, site }, info) => {
      const admin = await registerUser(request);
      grantAdmin(site, admin.email);
      await buyPack(site, request, await registerUser(request), `pi_chart_${layout.name}_${theme}_${Date.now().toString(36)}`);
      await page.setViewportSize(layout.size);
      await page.addInitScript((t) => localStorage.setItem("aivg.theme", t), theme);
      await signIn(page, admin);
      await page.goto("/admin");
      const charts = page.getByTestId("admin-charts");
      await expect(charts.locator("figure")).toHaveCount(8);
      await expect(charts.locator("canvas").first()).toBeVisible();
      await expect(page.getByTestId("chart-users").getByRole("img")).toHaveAttribute("aria-label", /Sign-ups: \d+ in all/);
      await expect(page.getByTestId("chart-revenue").getByRole("img")).toHaveAttribute("aria-label", /USD: [\d,.]+ in all/i);
      await page.getByTestId("admin-range-30").click();
      await expect(charts).toHaveAttribute("data-days", "30");
      await page.getByTestId("chart-credits").getByText("Show the values as a table").click();
      await expect(page.getByTestId("chart-credits").locator("details").getByRole("row")).toHaveCount(31);
      await page.screenshot({ path: info.outputPath(`overview-${layout.name}-${theme}.png`), fullPage: true });
      await page.getByTestId("chart-users").scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`overview-${layout.name}-${theme}-view.png`) });
    });
  }
}
