/**
 * A result made by the server's built-in stand-in (no AI engine configured: the task's
 * `result.preview`) is marked as a preview on the screen and in the task list; a real result of
 * the local provider (the image enhancer's Lanczos upscale) is not.
 */
import { makeJpeg, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("a stand-in result carries the preview badge, in the result and the task list", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/text-to-image");
  await page.getByTestId("prompt").fill("a red kite over green hills");
  await page.getByTestId("generate").click();
  await page.getByTestId("modal-confirm").click();
  const result = page.getByTestId("create-result");
  await expect(result.getByTestId("result-image")).toBeVisible({ timeout: 20_000 });
  await expect(result.getByTestId("preview-badge")).toHaveText("Preview — no AI engine configured");
  const card = page.getByTestId("task-card").filter({ hasText: "a red kite over green hills" });
  await expect(card.getByTestId("preview-badge")).toHaveText("Preview — no AI engine configured");

  // The same in German.
  await page.goto("/de/text-to-image");
  await expect(page.getByTestId("task-card").filter({ hasText: "a red kite over green hills" }).getByTestId("preview-badge")).toHaveText(
    "Vorschau – keine KI-Engine eingerichtet",
  );
});

test("a real result of the local provider has no preview badge", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/ai-tools/image-enhancer");
  await page.getByTestId("media-input").setInputFiles({ name: "small.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 160, 120) });
  await expect(page.getByTestId("media-input-ready")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("generate").click();
  const result = page.getByTestId("create-result");
  await expect(result.getByTestId("result-image")).toBeVisible({ timeout: 30_000 });
  await expect(result).toHaveAttribute("data-status", "succeeded");
  await expect(result.getByTestId("preview-badge")).toHaveCount(0);
  await expect(page.getByTestId("task-card").first().getByTestId("preview-badge")).toHaveCount(0);
});
