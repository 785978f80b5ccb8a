/**
 * docs/behaviour/languages-and-routes.md#overlays overlays in Chromium: any open modal locks page
 * scroll; a backdrop click closes only the image-play modal; image preview controls (zoom 0.25-4 in
 * 0.2 steps, rotate, drag, group navigation, viewport 90% × 94% − 32); the crop dialog on a real
 * 4000×3000 JPEG (decoded and downscaled to 2000×1500 by core,
 * docs/behaviour/uploads.md#image-crop); toasts stacked at 100 + 70 px per toast. The creation
 * screens that open these come later, so the tests open them through the overlay test hooks
 * (src/features/overlays/testHooks.ts), enabled here by an init script.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1280, height: 720 } });

type Hooks = {
  openModal: (type: string, data: unknown, options?: unknown) => string;
  closeAllModals: () => void;
  showToast: (kind: string, text: string, durationMs?: number | null) => number;
};
declare global {
  interface Window {
    __aivgOverlays?: Hooks;
    __AIVG_TEST_HOOKS__?: boolean;
    __crop?: unknown;
    __confirmed?: number;
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__AIVG_TEST_HOOKS__ = true;
  });
  await page.goto("/home");
  await page.waitForFunction(() => window.__aivgOverlays !== undefined);
});

/** Makes the page taller than the window, scrolled to the top. */
async function tallPage(page: Page) {
  await page.evaluate(() => {
    const spacer = document.createElement("div");
    spacer.style.height = "4000px";
    document.querySelector("main")?.appendChild(spacer);
    window.scrollTo(0, 0);
  });
}

test("an open modal locks page scroll; closing it unlocks", async ({ page }) => {
  await tallPage(page);
  await page.evaluate(() => window.__aivgOverlays?.openModal("driveSpace", {}));
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Not enough space");
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 1200);
  await page.keyboard.press("PageDown");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

  await dialog.getByRole("button", { name: "Upgrade Plan" }).click();
  await expect(dialog).toHaveCount(0);
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test("a backdrop click closes the image preview but not a confirmation", async ({ page }) => {
  await page.evaluate(() => window.__aivgOverlays?.openModal("goBack", { onConfirm: () => (window.__confirmed = (window.__confirmed ?? 0) + 1) }));
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Exit current mission");
  await page.mouse.click(8, 8);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => window.__confirmed)).toBe(1);

  await page.evaluate(() => window.__aivgOverlays?.openModal("imagePreview", { images: [{ src: "/logo.svg" }], index: 0 }));
  await expect(page.getByTestId("image-preview")).toBeVisible();
  await page.mouse.click(8, 8);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("image preview: zoom limits and steps, rotate, drag, group navigation, viewport", async ({ page }) => {
  await page.evaluate(() =>
    window.__aivgOverlays?.openModal("imagePreview", {
      images: [
        { src: "/logo.svg", alt: "logo" },
        { src: "/favicon.svg", alt: "icon" },
      ],
      index: 0,
    }),
  );
  const preview = page.getByTestId("image-preview");
  const image = page.getByTestId("preview-image");
  const zoom = page.getByTestId("preview-zoom");
  await expect(page.getByTestId("preview-count")).toHaveText("1 / 2");
  await expect(zoom).toHaveText("100%");

  // Viewport: 90% of 1280 by 94% of 720 minus 32.
  const box = await preview.boundingBox();
  expect(box?.width).toBeCloseTo(1152, 0);
  expect(box?.height).toBeCloseTo(644.8, 0);

  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(zoom).toHaveText("120%");
  await expect(image).toHaveAttribute("data-scale", "1.2");
  for (let i = 0; i < 30; i++) await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(zoom).toHaveText("400%");
  for (let i = 0; i < 30; i++) await page.getByRole("button", { name: "Zoom out" }).click();
  await expect(zoom).toHaveText("25%");
  await page.getByRole("button", { name: "Reset view" }).click();
  await expect(zoom).toHaveText("100%");

  await page.getByRole("button", { name: "Rotate right" }).click();
  await expect(image).toHaveAttribute("data-rotation", "90");
  await page.getByRole("button", { name: "Rotate left" }).click();
  await page.getByRole("button", { name: "Rotate left" }).click();
  await expect(image).toHaveAttribute("data-rotation", "-90");

  const start = await image.boundingBox();
  if (!start) throw new Error("preview image has no box");
  const cx = start.x + start.width / 2;
  const cy = start.y + start.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 60, cy + 30, { steps: 5 });
  await page.mouse.up();
  await expect(image).toHaveAttribute("data-x", "60");
  await expect(image).toHaveAttribute("data-y", "30");

  await expect(page.getByRole("button", { name: "Previous image" })).toBeDisabled();
  await page.getByRole("button", { name: "Next image" }).click();
  await expect(page.getByTestId("preview-count")).toHaveText("2 / 2");
  await expect(image).toHaveAttribute("alt", "icon");
  await expect(zoom).toHaveText("100%");
  await expect(image).toHaveAttribute("data-rotation", "0");
  await expect(page.getByRole("button", { name: "Next image" })).toBeDisabled();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("preview-count")).toHaveText("1 / 2");
});

/** Draws a 4000×3000 JPEG in the page (a gradient with a marked centre) and opens the crop dialog on it. */
async function openCropOn4000x3000(page: Page) {
  await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4000, 3000);
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d context");
    const gradient = ctx.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, "#1040ff");
    gradient.addColorStop(1, "#ff8010");
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 4000, 3000);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(1900, 1400, 200, 200);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
    window.__crop = undefined;
    window.__aivgOverlays?.openModal("imageCrop", {
      source: blob,
      onConfirm: async (r: { image: Blob; width: number; height: number; x: number; y: number; w: number; h: number; cropRecord: { picture: unknown } }) => {
        const bitmap = await createImageBitmap(r.image);
        window.__crop = {
          width: r.width,
          height: r.height,
          rect: [r.x, r.y, r.w, r.h],
          type: r.image.type,
          decoded: [bitmap.width, bitmap.height],
          picture: r.cropRecord.picture,
        };
      },
    });
  });
  await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
}

test("crop: a 4000×3000 JPEG is downscaled to 2000×1500 and a 1:1 crop of its middle comes back", async ({ page }) => {
  await openCropOn4000x3000(page);
  await page.getByTestId("crop-ratio-1:1").click();
  await expect(page.getByTestId("crop-box")).toHaveCSS("width", "412px");
  await expect(page.getByTestId("crop-box")).toHaveCSS("height", "412px");
  await page.getByTestId("crop-confirm").click();
  await page.waitForFunction(() => window.__crop !== undefined);
  const crop = await page.evaluate(() => window.__crop);
  expect(crop).toEqual({
    width: 1500,
    height: 1500,
    rect: [250, 0, 1500, 1500],
    type: "image/jpeg",
    decoded: [1500, 1500],
    picture: { width: 2000, height: 1500, originalWidth: 4000, originalHeight: 3000, downscaled: true },
  });
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("crop on a phone: the box fits the dialog, Confirm is reachable, and a drag moves the picture under the finger", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openCropOn4000x3000(page);
  await page.getByTestId("crop-ratio-1:1").click();
  const box = page.getByTestId("crop-box");
  const b = await box.boundingBox();
  if (!b) throw new Error("crop box has no box");
  // Core's 412 px box, drawn smaller inside the 390 px screen.
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(390);
  expect(b.width).toBeCloseTo(b.height, 0);
  await expect(page.getByTestId("crop-confirm")).toBeInViewport();
  // The 1:1 box shows the picture's full 1500 px height: dragging the picture left by an eighth
  // of the box as drawn moves the crop right by an eighth of 1500 source pixels.
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2 - b.width / 8, b.y + b.height / 2, { steps: 4 });
  await page.mouse.up();
  await page.getByTestId("crop-confirm").click();
  await page.waitForFunction(() => window.__crop !== undefined);
  const crop = (await page.evaluate(() => window.__crop)) as { rect: number[] };
  expect(crop.rect[0]).toBeGreaterThanOrEqual(250 + 187 - 3);
  expect(crop.rect[0]).toBeLessThanOrEqual(250 + 188 + 3);
  expect(crop.rect.slice(1)).toEqual([0, 1500, 1500]);
});

test("crop: zoom, drag and restore drive core's geometry", async ({ page }) => {
  await openCropOn4000x3000(page);
  await page.getByTestId("crop-ratio-16:9").click();
  const box = page.getByTestId("crop-box");
  await expect(box).toHaveCSS("width", "412px");
  await expect(box).toHaveCSS("height", "231.75px");
  // Two zoom steps in, then drag the picture right: the crop moves left but stays inside.
  await page.getByTestId("crop-zoom-in").click();
  await page.getByTestId("crop-zoom-in").click();
  const b = await box.boundingBox();
  if (!b) throw new Error("crop box has no box");
  await page.mouse.move(b.x + 200, b.y + 100);
  await page.mouse.down();
  await page.mouse.move(b.x + 4000, b.y + 100, { steps: 4 });
  await page.mouse.up();
  await page.getByTestId("crop-confirm").click();
  await page.waitForFunction(() => window.__crop !== undefined);
  const zoomed = (await page.evaluate(() => window.__crop)) as { rect: number[]; width: number; height: number };
  // Two of the 10 steps from 0.206 to 1.03 give scale 0.3708: a 1111×625 window, its left edge
  // clamped to 0 by the drag, its top where zooming around the centre put it.
  expect(zoomed.rect).toEqual([0, 438, 1111, 625]);
  expect([zoomed.width, zoomed.height]).toEqual([1111, 625]);

  // Restore brings back the full-height 16:9 view of the middle.
  await openCropOn4000x3000(page);
  await page.getByTestId("crop-ratio-16:9").click();
  await page.getByTestId("crop-zoom-in").click();
  await page.getByTestId("crop-restore").click();
  await page.getByTestId("crop-confirm").click();
  await page.waitForFunction(() => window.__crop !== undefined);
  const restored = (await page.evaluate(() => window.__crop)) as { rect: number[] };
  expect(restored.rect).toEqual([0, 188, 2000, 1125]);
});

test("crop: the corner handle resizes the box, keeping the ratio and the 40 px minimum", async ({ page }) => {
  await openCropOn4000x3000(page);
  await page.getByTestId("crop-ratio-1:1").click();
  const box = page.getByTestId("crop-box");
  const handle = await page.getByTestId("crop-resize").boundingBox();
  if (!handle) throw new Error("no resize handle");
  const hx = handle.x + handle.width / 2;
  const hy = handle.y + handle.height / 2;
  await page.mouse.move(hx, hy);
  await page.mouse.down();
  await page.mouse.move(hx - 200, hy - 120, { steps: 4 });
  await page.mouse.up();
  await expect(box).toHaveCSS("width", "212px");
  await expect(box).toHaveCSS("height", "212px");

  const again = await page.getByTestId("crop-resize").boundingBox();
  if (!again) throw new Error("no resize handle");
  await page.mouse.move(again.x + again.width / 2, again.y + again.height / 2);
  await page.mouse.down();
  await page.mouse.move(again.x - 1000, again.y - 1000, { steps: 4 });
  await page.mouse.up();
  await expect(box).toHaveCSS("width", "40px");
  await expect(box).toHaveCSS("height", "40px");

  await page.getByTestId("crop-confirm").click();
  await page.waitForFunction(() => window.__crop !== undefined);
  const crop = (await page.evaluate(() => window.__crop)) as { width: number; height: number };
  expect(crop.width).toBe(crop.height);
  expect(crop.width).toBeLessThan(1500);
});

test("toasts stack at 100 px plus 70 px per toast", async ({ page }) => {
  await page.evaluate(() => {
    window.__aivgOverlays?.showToast("info", "first toast", 0);
    window.__aivgOverlays?.showToast("success", "second toast", 0);
    window.__aivgOverlays?.showToast("error", "third toast", 0);
  });
  const tops = await Promise.all(
    ["first toast", "second toast", "third toast"].map(async (text) => (await page.getByText(text).locator("..").boundingBox())?.y),
  );
  expect(tops).toEqual([100, 170, 240]);
});

test("a toast lets clicks through to what lies under it; only its close button takes them", async ({ page }) => {
  await page.evaluate(() => window.__aivgOverlays?.showToast("success", "a message over the page", 0));
  const text = page.getByText("a message over the page");
  const box = await text.boundingBox();
  expect(box).not.toBeNull();
  const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest(".aivg-toast") === null, [
    box!.x + box!.width / 2,
    box!.y + box!.height / 2,
  ] as const);
  expect(under).toBe(true);
  await text.locator("..").locator(".aivg-toast__close").click();
  await expect(text).toBeHidden();
});
