/**
 * The sensitive check on uploads runs on the real Open NSFW model (server/src/models): a server
 * whose threshold is 0 flags every picture, so the creation screen must refuse the upload with
 * the spec's message and charge nothing; the shared server (threshold 0.5) lets the same kind of
 * picture through (the other creation specs).
 */
import { request as requestFactory } from "@playwright/test";
import { buyTenCredits, credits, makeJpeg, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";
import { startServer, type RunningServer } from "./server";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });
test.setTimeout(90_000);

let strict: RunningServer | undefined;

test.beforeAll(async () => {
  strict = await startServer({ AIVG_NSFW_THRESHOLD: "0" });
});

test.afterAll(async () => {
  await strict?.stop();
});

test("a flagged upload is refused with the spec's message and charges nothing", async ({ page }) => {
  const origin = strict?.origin ?? "";
  const api = await requestFactory.newContext({ baseURL: origin });
  const user = await registerUser(api);
  await buyTenCredits(api, user);
  const before = await credits(api, user);
  await signIn(page, user);
  await page.goto(`${origin}/image-to-video`);
  await page.getByTestId("media-input").setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 640, 480) });
  await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("crop-confirm").click();
  await expect(page.getByTestId("media-input-ready")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("prompt").fill("the picture slowly comes alive");
  await page.getByTestId("generate").click();
  await expect(page.getByText("This file cannot be used. Please choose another one.")).toBeVisible({ timeout: 30_000 });
  expect(await credits(api, user)).toBe(before);
  await api.dispose();
});
