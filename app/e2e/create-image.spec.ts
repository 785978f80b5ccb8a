/**
 * Creation screens against the real server (local provider): text to image from prompt to a
 * finished image that shows and downloads; image to image with a real JPEG cropped in the dialog;
 * the image enhancer's 2× result. A screenshot of the creation screen goes to docs/screenshots/
 * (the task queue's is taken in create-tasks.spec.ts, with a task running).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { credits, makeJpeg, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

const shots = resolve(import.meta.dirname, "../../docs/screenshots");
mkdirSync(shots, { recursive: true });

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("text to image: prompt → finished image that shows and downloads; credits charged", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/text-to-image");
  await expect(page.getByRole("heading", { level: 1, name: "Text to Image" })).toBeVisible();
  // The ratio options carry the spec's pixel sizes (docs/behaviour/uploads.md#aspect-ratios).
  await expect(page.getByTestId("ratio-3:2")).toHaveText("3:2 (1024×688)");
  await page.getByTestId("prompt").fill("A lighthouse on a cliff at dawn, oil painting");
  await page.getByTestId("ratio-16:9").click();
  await page.getByTestId("generate").click();
  // After the content checks, the price (core's table: 2 credits for text2image) is confirmed.
  await expect(page.getByTestId("modal-consumption")).toContainText("Use 2 credits to create this image");
  await page.getByTestId("modal-confirm").click();

  const image = page.getByTestId("result-image");
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect(image).toHaveAttribute("data-width", "1024");
  await expect(image).toHaveAttribute("data-height", "576");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
  await expect(page.getByTestId("task-card").first()).toHaveAttribute("data-status", "succeeded");
  expect(await credits(request, user)).toBe(3);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("result-download").click()]);
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  const path = await download.path();
  expect(path).toBeTruthy();

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/create-text-to-image.png`, fullPage: true });
});

test("image to image: a real JPEG is cropped 1:1 in the dialog, uploaded and used", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/image-to-image");
  const jpeg = await makeJpeg(page, 800, 600);
  await page.getByTestId("media-input").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: jpeg });

  await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("crop-ratio-1:1").click();
  await page.getByTestId("crop-confirm").click();

  const ready = page.getByTestId("media-input-ready");
  await expect(ready).toBeVisible({ timeout: 20_000 });
  await expect(ready).toHaveAttribute("data-width", "600");
  await expect(ready).toHaveAttribute("data-height", "600");
  const ossPath = await ready.getAttribute("data-oss-path");
  expect(ossPath).toMatch(/^users\/.+\.jpg$/);

  // The server stored the cropped JPEG, not the original.
  const info = await request.get(`/v1/common/oss/mediainfo?oss_path=${encodeURIComponent(ossPath ?? "")}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect((await info.json()).data).toMatchObject({ width: 600, height: 600 });

  await page.getByTestId("prompt").fill("watercolour style");
  await page.getByTestId("generate").click();
  await page.getByTestId("modal-confirm").click();
  await expect(page.getByTestId("result-image")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("create-result")).toHaveAttribute("data-status", "succeeded");
});

test("image enhancer: the result is twice the size of the uploaded JPEG", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/ai-tools/image-enhancer");
  await expect(page.getByRole("heading", { level: 1, name: "Image Enhancer" })).toBeVisible();
  // Small: the enhancer's model runs on the CPU, about a second per 100×100 pixels on one core.
  const jpeg = await makeJpeg(page, 160, 120);
  await page.getByTestId("media-input").setInputFiles({ name: "small.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await expect(page.getByTestId("media-input-ready")).toHaveAttribute("data-width", "160", { timeout: 20_000 });
  await page.getByTestId("generate").click();

  const image = page.getByTestId("result-image");
  await expect(image).toBeVisible({ timeout: 25_000 });
  await expect(image).toHaveAttribute("data-width", "320");
  await expect(image).toHaveAttribute("data-height", "240");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([320, 240]);
});
