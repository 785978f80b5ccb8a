/**
 * API keys from the user's side (docs/api.md): a key made in the account menu's panel is shown
 * once, reads the balance from a program (a plain HTTP request, no browser session), and answers
 * 401 once revoked in the panel; a key's webhooks (docs/api.md#completion-webhooks) are signed with
 * the secret shown once, and their deliveries, every attempt with its answer, show in the panel.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { registerUser, signIn } from "./create-support";
import { Webhook } from "standardwebhooks";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1366, height: 850 } });

test("a key made in the panel reads the balance until it is revoked", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/home");
  await page.getByTestId("avatar-button").click();
  await page.getByTestId("open-api-keys").click();
  const dialog = page.getByTestId("api-keys");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("No keys yet.")).toBeVisible();

  await dialog.getByTestId("api-key-name").fill("nightly batch");
  await dialog.getByTestId("api-key-create").click();
  const secret = dialog.getByTestId("api-key-secret");
  await expect(secret).toHaveText(/^aivg_sk_[a-z0-9]{40}$/);
  const key = (await secret.textContent()) ?? "";
  await expect(dialog.getByTestId("api-key-row")).toHaveCount(1);
  await expect(dialog.getByTestId("api-key-row")).toContainText("nightly batch");
  await expect(dialog.getByTestId("api-key-row")).toContainText("Never used");

  // A program with the key: no cookie, no access token.
  const balance = await request.get("/v1/credit/balance", { headers: { Authorization: `Bearer ${key}` } });
  expect(balance.status()).toBe(200);
  expect((await balance.json()).data.balance).toBe(5);
  const account = await request.post("/v1/user", { headers: { Authorization: `Bearer ${key}` }, data: {} });
  expect(account.status(), "a key never reaches the account").toBe(403);

  // Shown once: gone after "Done", and not in the list reloaded when the dialog opens again.
  await dialog.getByTestId("api-key-done").click();
  await expect(dialog.getByTestId("api-key-secret")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.getByTestId("avatar-button").click();
  await page.getByTestId("open-api-keys").click();
  await expect(dialog.getByTestId("api-key-row")).toContainText("Last used");
  await expect(dialog).not.toContainText(key);

  await dialog.getByTestId("api-key-revoke").click();
  await expect(dialog.getByTestId("api-key-row")).toHaveAttribute("data-revoked", "true");
  await expect(dialog.getByTestId("api-key-row")).toContainText("Revoked");
  const refused = await request.get("/v1/credit/balance", { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});

test("a key's webhook deliveries show in the panel, each attempt with its answer, and its webhook URL changes", async ({ page, request }) => {
  // A receiver on loopback (the browser-test server allows it): 500 first, then 204.
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      got.push({ headers: req.headers, body });
      res.writeHead(got.length === 1 ? 500 : 204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
  const { port } = receiver.address() as AddressInfo;
  try {
    const user = await registerUser(request);
    await signIn(page, user);
    await page.goto("/home");
    await page.getByTestId("avatar-button").click();
    await page.getByTestId("open-api-keys").click();
    const dialog = page.getByTestId("api-keys");

    // A URL into a private network is refused, with the reason.
    await dialog.getByTestId("api-key-name").fill("hooks");
    await dialog.getByTestId("api-key-webhook-url").fill("https://10.0.0.1/hook");
    await dialog.getByTestId("api-key-create").click();
    await expect(dialog.getByRole("alert")).toContainText("must start with https:// and reach a public address");

    await dialog.getByTestId("api-key-webhook-url").fill(`http://127.0.0.1:${port}/hook`);
    await dialog.getByTestId("api-key-create").click();
    const key = (await dialog.getByTestId("api-key-secret").textContent()) ?? "";
    const secret = (await dialog.getByTestId("api-key-webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await expect(dialog.getByTestId("api-key-row")).toContainText(`Webhooks to http://127.0.0.1:${port}/hook`);

    const created = await request.post("/v1/ai/create/text2image", {
      headers: { Authorization: `Bearer ${key}` },
      data: { data: { prompt: "a red kite" } },
    });
    expect(created.status()).toBe(200);
    const taskId: string = (await created.json()).data.task_id;
    // Tried again 5 s after the 500 (docs/api.md#retries).
    await expect.poll(() => got.length, { timeout: 20_000 }).toBe(2);
    const { headers, body } = got[1] ?? { headers: {}, body: "" };
    // Verified as a receiver would, with the scheme's own library (it throws on a bad signature
    // or a stale timestamp) and the secret shown once.
    const signature = Object.fromEntries(["webhook-id", "webhook-timestamp", "webhook-signature"].map((h) => [h, String(headers[h] ?? "")]));
    const verified = new Webhook(secret).verify(body, signature) as { data: { task_id: string } };
    expect(verified.data.task_id).toBe(taskId);
    expect(() => new Webhook(secret).verify(`${body} `, signature)).toThrow();

    await dialog.getByTestId("api-key-done").click();
    const toggle = dialog.getByTestId("api-key-show-deliveries");
    const delivery = dialog.getByTestId("api-key-delivery");
    await toggle.click();
    // The list is read when opened: the last attempt is recorded just after its answer.
    await expect(async () => {
      if ((await delivery.getAttribute("data-state")) !== "delivered") {
        await toggle.click();
        await toggle.click();
      }
      await expect(delivery).toHaveAttribute("data-state", "delivered", { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(delivery).toContainText("Delivered");
    await expect(delivery).toContainText(taskId);
    await expect(delivery.getByTestId("api-key-try")).toHaveCount(2);
    await expect(delivery.getByTestId("api-key-try").first()).toContainText("HTTP 500");
    await expect(delivery.getByTestId("api-key-try").last()).toContainText("HTTP 204");

    // The key's webhook URL changed afterwards: checked as at creation, then shown.
    await dialog.getByTestId("api-key-webhook-edit").click();
    await dialog.getByTestId("api-key-webhook-edit-url").fill("https://169.254.169.254/latest");
    await dialog.getByTestId("api-key-webhook-save").click();
    await expect(dialog.getByRole("alert")).toContainText("must start with https:// and reach a public address");
    await dialog.getByTestId("api-key-webhook-edit-url").fill(`http://127.0.0.1:${port}/changed`);
    await dialog.getByTestId("api-key-webhook-save").click();
    await expect(dialog.getByTestId("api-key-row")).toContainText(`Webhooks to http://127.0.0.1:${port}/changed`);
    await expect(dialog.getByTestId("api-key-webhook-edit-url")).toHaveCount(0);
  } finally {
    receiver.close();
  }
});
