/**
 * Every creation, tool, effect and explore screen renders (no page error, its heading), and the mask-painting tools send
 * the painted mask with the task (mouse on desktop, a finger on a phone).
 */
import { makeJpeg, registerUser, signIn } from "./create-support";
import { paintStroke, pngPixels } from "./media";
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
  const user = await registerUser(request);
  await signIn(page, user);
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
  const all = (await zones.json()).data.list as { visible_status: number }[];
  await expect(page.getByTestId("zone-card")).toHaveCount(all.filter((z) => z.visible_status === 1).length);
  expect(all.some((z) => z.visible_status !== 1)).toBe(true);
  expect(errors).toEqual([]);
});

test("object remover: Generate waits for a painted mask; undo and clear; the mask PNG is white where painted", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/ai-tools/object-remover");
  const jpeg = await makeJpeg(page, 400, 300);
  await page.getByTestId("media-input").setInputFiles({ name: "room.jpg", mimeType: "image/jpeg", buffer: jpeg });
  const canvas = page.getByTestId("mask-canvas");
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  // The canvas has the picture's natural size, whatever its size on screen.
  await expect(canvas).toHaveAttribute("width", "400");
  await expect(canvas).toHaveAttribute("height", "300");
  const generate = page.getByTestId("generate");
  await expect(generate).toBeDisabled();
  await expect(page.getByTestId("generate-hint")).toHaveText("Paint the area to change first.");

  // Two strokes, undo takes the last one back, clear the rest: Generate waits again.
  await paintStroke(page, canvas, [0.1, 0.1], [0.3, 0.15]);
  await paintStroke(page, canvas, [0.7, 0.7], [0.9, 0.8]);
  await expect(canvas).toHaveAttribute("data-strokes", "2");
  await expect(generate).toBeEnabled();
  await page.getByTestId("mask-undo").click();
  await expect(canvas).toHaveAttribute("data-strokes", "1");
  await page.getByTestId("mask-clear").click();
  await expect(canvas).toHaveAttribute("data-strokes", "0");
  await expect(generate).toBeDisabled();

  // One horizontal stroke across the middle with the smallest brush (1 % of 400 px = 4 px).
  await page.getByTestId("mask-brush").fill("1");
  await paintStroke(page, canvas, [0.25, 0.5], [0.75, 0.5]);
  const [create] = await Promise.all([page.waitForRequest((r) => r.url().endsWith("/v1/ai/create/photomaker_imagefix")), generate.click()]);
  const body = create.postDataJSON() as { data: { file_path: string; mask_path?: string } };
  expect(body.data.mask_path).toMatch(/\.png$/);
  expect(body.data.file_path).toMatch(/\.jpg$/);

  // The stored mask, as the engine will get it.
  const signed = await request.get(`/v1/common/oss/sign?oss_path=${encodeURIComponent(body.data.mask_path ?? "")}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const { url } = (await signed.json()).data as { url: string };
  const mask = await pngPixels(page, await (await request.get(url)).body());
  expect([mask.width, mask.height]).toEqual([400, 300]);
  const at = (x: number, y: number) => mask.pixels.slice((y * 400 + x) * 4, (y * 400 + x) * 4 + 4).join(",");
  expect(at(200, 150)).toBe("255,255,255,255");
  expect(at(110, 150)).toBe("255,255,255,255");
  expect(at(200, 140)).toBe("0,0,0,255");
  expect(at(40, 150)).toBe("0,0,0,255");
  expect(at(0, 0)).toBe("0,0,0,255");
  // Nothing but white and black.
  let other = 0;
  for (let i = 0; i < mask.pixels.length; i += 4) {
    const v = mask.pixels.slice(i, i + 4).join(",");
    if (v !== "255,255,255,255" && v !== "0,0,0,255") other += 1;
  }
  expect(other).toBe(0);
  await expect(page.getByTestId("create-result")).toHaveAttribute("data-status", "succeeded", { timeout: 20_000 });
  expect(errors).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a finger paints the mask and the page does not scroll", async ({ page, request }) => {
    await signIn(page, await registerUser(request));
    await page.goto("/ai-tools/partial-redrawing");
    await page.getByTestId("media-input").setInputFiles({ name: "face.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 600, 800) });
    const canvas = page.getByTestId("mask-canvas");
    await expect(canvas).toBeVisible({ timeout: 20_000 });
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error("the mask canvas has no box");
    const scrolled = await page.evaluate(() => window.scrollY);
    // A vertical drag: on a scrollable page it would scroll unless the canvas keeps the touch.
    const cdp = await page.context().newCDPSession(page);
    const x = box.x + box.width / 2;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: box.y + box.height * 0.7 }] });
    for (let i = 1; i <= 10; i += 1) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: box.y + box.height * (0.7 - i * 0.04) }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(canvas).toHaveAttribute("data-strokes", "1");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(page.getByTestId("generate")).toBeEnabled();
  });
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

test("the screens ask what the catalogue says, and core's check shows the server's rule under the field", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  const creates: string[] = [];
  page.on("request", (r) => {
    // The portrait's face check (image_fkp) is a free helper call, not a task.
    if (r.url().includes("/v1/ai/create/") && !r.url().includes("/image_fkp")) creates.push(r.url());
  });
  await page.goto("/text-to-video");
  // Video lengths are the module's choices (5 or 10 s); the price is the module's.
  await expect(page.getByTestId("duration-5")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("duration-10")).toBeVisible();
  await expect(page.getByTestId("generate")).toHaveText("Generate · 10 credits");
  await page.getByTestId("generate").click();
  await expect(page.getByTestId("field-error-prompt")).toHaveText("Describe what to make.");

  // Image to video: Generate waits for the picture, with a hint.
  await page.goto("/image-to-video");
  await expect(page.getByTestId("generate")).toBeDisabled();
  await expect(page.getByTestId("generate-hint")).toHaveText("Upload an image.");

  // Talking avatar, text mode: the words to speak are required.
  await page.goto("/ai-tools/ai-talking-avatar");
  await page.getByTestId("mode-talking_face_tts").click();
  await page.getByTestId("media-input").setInputFiles({ name: "face.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 300, 400) });
  await expect(page.getByTestId("media-input-ready")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("generate").click();
  await expect(page.getByTestId("field-error-prompt")).toHaveText("Type the words to speak.");
  // Audio mode: Generate waits for the audio file.
  await page.getByTestId("mode-talking_face").click();
  await expect(page.getByTestId("generate")).toBeDisabled();
  await expect(page.getByTestId("generate-hint")).toHaveText("Upload the audio to speak.");
  expect(creates).toEqual([]);
});
