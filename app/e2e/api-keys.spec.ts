/**
 * API keys from the user's side (docs/api.md): a key made in the account menu's panel is shown
 * once, reads the balance from a program (a plain HTTP request, no browser session), and answers
 * 401 once revoked in the panel.
 */
import { registerUser, signIn } from "./create-support";
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
