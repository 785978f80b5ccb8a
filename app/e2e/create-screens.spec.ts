/**
 * Every screen of issue 8 renders (no page error, its heading), and the mask-painting tools send
 * the painted mask with the task.
 */
import { makeJpeg, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

const screens: [path: string, heading: string][] = [
  ["/text-to-video", "Text to Video"],
  ["/image-to-video/cat-dance", "Image to Video"],
  ["/video-to-anime", "Video to Anime"],
  ["/video-to-video", "Video to Anime"],
  ["/image-to-image", "Image to Image"],
  ["/text-to-music?tab=song", "Text to Song"],
  ["/ai-tools", "AI Tools"],
  ["/ai-tools/video-enhancer", "Video Enhancer"],
  ["/ai-tools/bg-remover", "Background Remover"],
  ["/ai-tools/object-remover", "Object Remover"],
  ["/ai-tools/partial-redrawing", "Partial Redrawing"],
  ["/ai-tools/ai-talking-avatar", "AI Talking Avatar"],
  ["/ai-tools/video-eraser", "Video Eraser"],
  ["/effect", "Effects"],
  ["/effect/create?tpl_id=1001", "Earth Zoom Out"],
  ["/explore", "Explore AI Creations"],
  ["/explore/zone", "Zones"],
  ["/libraries", "Libraries"],
  ["/de/text-to-image", "Text zu Bild"],
];

test("every creation, tool, effect and explore screen renders", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
  }
  // Only publishable zones (visible_status 1) are listed.
  await page.goto("/explore/zone");
  await expect(page.getByTestId("zone-card").first()).toBeVisible();
  const zones = await request.get("/v1/workflow/zone/list");
  const all = ((await zones.json()).data.list as { visible_status: number }[]);
  await expect(page.getByTestId("zone-card")).toHaveCount(all.filter((z) => z.visible_status === 1).length);
  expect(all.some((z) => z.visible_status !== 1)).toBe(true);
  expect(errors).toEqual([]);
});

test("object remover: the painted mask is uploaded and sent with the task", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/ai-tools/object-remover");
  const jpeg = await makeJpeg(page, 400, 300);
  await page.getByTestId("media-input").setInputFiles({ name: "room.jpg", mimeType: "image/jpeg", buffer: jpeg });
  const canvas = page.getByTestId("mask-canvas");
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  const box = await canvas.boundingBox();
  if (!box) throw new Error("mask canvas has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 10, { steps: 5 });
  await page.mouse.up();

  const [create] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/v1/ai/create/photomaker_imagefix")),
    page.getByTestId("generate").click(),
  ]);
  const body = create.postDataJSON() as { data: { file_path: string; mask_path?: string } };
  expect(body.data.mask_path).toMatch(/\.png$/);
  expect(body.data.file_path).toMatch(/\.jpg$/);
  await expect(page.getByTestId("create-result")).toHaveAttribute("data-status", "succeeded", { timeout: 20_000 });
});

test("a link's prompt (?prompt=) and an explore item to remake (?exploreId=) fill the screen", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/text-to-video?prompt=a+cat+surfing+a+wave");
  await expect(page.getByTestId("prompt")).toHaveValue("a cat surfing a wave");
  const item = (await (await request.get("/v1/workflow/explore/info?id=1421")).json()).data as { prompt: string; ratio: string };
  await page.goto("/text-to-image?exploreId=1421");
  await expect(page.getByTestId("prompt")).toHaveValue(item.prompt);
  await expect(page.getByTestId(`ratio-${item.ratio}`)).toHaveAttribute("aria-checked", "true");
});
