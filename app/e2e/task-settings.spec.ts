/**
 * A finished task's settings from the user's side (docs/behaviour/tasks-and-queue.md#seeds,
 * #using-a-tasks-settings-again, #live-previews): the card shows the seed the result used; "Use
 * these settings again" opens the module's screen with the same prompt, ratio, input file (the
 * stored upload, not uploaded again) and seed, with the "same seed" switch; on the engine, the
 * running card shows the sampler's live preview, which the result then replaces.
 */
import type { Page, Request } from "@playwright/test";
import { buyTenCredits, makeJpeg, registerUser, signIn } from "./create-support";
import { engineTest, expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });
test.setTimeout(120_000);

/** Presses Generate and confirms the price; answers the task's `data` as sent. */
async function generate(page: Page, algorithm: string): Promise<Record<string, unknown>> {
  const [create] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith(`/v1/ai/create/${algorithm}`)),
    (async () => {
      await page.getByTestId("generate").click();
      await page.getByTestId("modal-confirm").click();
    })(),
  ]);
  return (create.postDataJSON() as { data: Record<string, unknown> }).data;
}

/** The card of the task with `prompt`, newest first. */
function card(page: Page, prompt: string, index = 0) {
  return page.getByTestId("task-card").filter({ hasText: prompt }).nth(index);
}

test("a task's settings are used again: prompt, ratio and seed, the same seed or a new one", async ({ page, request }) => {
  const user = await registerUser(request);
  await buyTenCredits(request, user);
  await signIn(page, user);
  await page.goto("/text-to-image");
  await page.getByTestId("prompt").fill("a paper lantern over a pond");
  await page.getByTestId("ratio-1:1").click();
  const first = await generate(page, "text2image");
  expect(first.seed).toBeUndefined();

  // The server drew the seed and the card shows it.
  const done = card(page, "a paper lantern over a pond");
  await expect(done).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await expect(done.getByTestId("task-seed")).toHaveText(/^Seed: \d+$/);
  const seed = Number((await done.getByTestId("task-seed").textContent())?.replace(/\D/g, ""));

  // Use these settings again: a fresh screen starting from the task's settings and its seed.
  await page.goto("/home");
  await page.goto("/text-to-image");
  // The screen's form is up before the click: a click in the first moments of a load, while the
  // route still loads, was once lost (the URL kept no ?reuse=).
  await expect(page.getByTestId("generate")).toBeVisible();
  await done.getByTestId("task-reuse").click();
  await expect(page).toHaveURL(/\/text-to-image\?reuse=/);
  await expect(page.getByTestId("prompt")).toHaveValue("a paper lantern over a pond");
  await expect(page.getByTestId("ratio-1:1")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("seed")).toHaveValue(String(seed));
  await expect(page.getByTestId("same-seed")).toBeChecked();
  const again = await generate(page, "text2image");
  expect(again).toMatchObject({ prompt: "a paper lantern over a pond", aspect_ratio: "1:1", seed });
  await expect(card(page, "a paper lantern over a pond", 0).getByTestId("task-seed")).toHaveText(`Seed: ${seed}`, { timeout: 30_000 });

  // The switch off: the seed field empties and the server draws a new seed.
  await expect(card(page, "a paper lantern over a pond", 1)).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await card(page, "a paper lantern over a pond", 1).getByTestId("task-reuse").click();
  await expect(page.getByTestId("same-seed")).toBeChecked();
  await page.getByTestId("same-seed").uncheck();
  await expect(page.getByTestId("seed")).toHaveValue("");
  const fresh = await generate(page, "text2image");
  expect(fresh.seed).toBeUndefined();
  const newest = card(page, "a paper lantern over a pond", 0);
  await expect(newest).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await expect(newest.getByTestId("task-seed")).not.toHaveText(`Seed: ${seed}`);

  // A seed the user types is the seed sent.
  await page.getByTestId("seed").fill("4242");
  expect((await generate(page, "text2image")).seed).toBe(4242);
  await expect(card(page, "a paper lantern over a pond", 0).getByTestId("task-seed")).toHaveText("Seed: 4242", { timeout: 30_000 });
});

test("a task's input picture is used again from its stored upload, not uploaded again", async ({ page, request }) => {
  const user = await registerUser(request);
  await buyTenCredits(request, user);
  await signIn(page, user);
  await page.goto("/image-to-image");
  await page.getByTestId("media-input").setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 640, 480) });
  await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("crop-confirm").click();
  await expect(page.getByTestId("media-input-ready")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("prompt").fill("make it a watercolour");
  const first = await generate(page, "image2image");
  const done = card(page, "make it a watercolour");
  await expect(done).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });

  const uploads: Request[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/v1/common/oss/token")) uploads.push(r);
  });
  await done.getByTestId("task-reuse").click();
  await expect(page).toHaveURL(/\/image-to-image\?reuse=/);
  const ready = page.getByTestId("media-input-ready");
  await expect(ready).toHaveAttribute("data-oss-path", String(first.file_path), { timeout: 20_000 });
  // The picture shows from the stored file.
  await expect.poll(() => ready.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId("prompt")).toHaveValue("make it a watercolour");
  const again = await generate(page, "image2image");
  expect(again.file_path).toBe(first.file_path);
  expect(uploads).toEqual([]);
});

engineTest("the running card shows the sampler's live preview, then the result replaces it", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/text-to-image");
  await page.getByTestId("prompt").fill("a glass fox in the snow");
  await generate(page, "text2image");
  const running = card(page, "a glass fox in the snow");
  const live = running.getByTestId("task-live-preview");
  await expect(live).toBeVisible({ timeout: 30_000 });
  await expect(running).toHaveAttribute("data-status", /queued|running/);
  await expect.poll(() => live.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(running).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
  await expect(running.getByTestId("task-live-preview")).toHaveCount(0);
  await expect(running.getByTestId("task-output-image")).toBeVisible();
});

engineTest("a talking avatar's settings are used again: its mode, portrait, words, voice and seed", async ({ page, request }) => {
  const user = await registerUser(request);
  await buyTenCredits(request, user);
  await buyTenCredits(request, user);
  await signIn(page, user);
  await page.goto("/ai-tools/ai-talking-avatar");
  await page.getByTestId("mode-talking_face_tts").click();
  await page.getByTestId("media-input").setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 640, 480) });
  await expect(page.getByTestId("media-input-ready")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("tool-text").fill("Hello there, and welcome to my channel.");
  const send = async () => {
    const [create] = await Promise.all([page.waitForRequest((r) => r.url().endsWith("/v1/ai/create/talking_face_tts")), page.getByTestId("generate").click()]);
    return (create.postDataJSON() as { data: Record<string, unknown> }).data;
  };
  const first = await send();
  const done = card(page, "Hello there, and welcome to my channel.");
  await expect(done).toHaveAttribute("data-status", "succeeded", { timeout: 90_000 });
  const seed = Number((await done.getByTestId("task-seed").textContent())?.replace(/\D/g, ""));

  await page.goto("/home");
  await page.goto("/ai-tools/ai-talking-avatar");
  await expect(page.getByTestId("generate")).toBeVisible();
  await done.getByTestId("task-reuse").click();
  await expect(page).toHaveURL(/\/ai-tools\/ai-talking-avatar\?reuse=/);
  await expect(page.getByTestId("mode-talking_face_tts")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("media-input-ready")).toHaveAttribute("data-oss-path", String(first.file_path), { timeout: 20_000 });
  await expect(page.getByTestId("tool-text")).toHaveValue("Hello there, and welcome to my channel.");
  await expect(page.getByTestId("same-seed")).toBeChecked();
  const again = await send();
  expect(again).toMatchObject({ file_path: first.file_path, prompt: first.prompt, voice_id: first.voice_id, seed });
});
