/**
 * The upload field as a visitor uses it, against the real server: the browser's own file control
 * is hidden behind a button (reached by keyboard) and a drop zone, which then shows the chosen
 * file; the crop dialog's Free mode keeps the whole picture; a file that is not a picture is
 * refused with a translated message before any crop dialog, and an unreadable picture never shows
 * a decoder's error under the dialog's title.
 */
import type { Page } from "@playwright/test";
import { makeJpeg, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1366, height: 850 } });

async function cropDialogStaysShut(page: Page): Promise<void> {
  // The check is synchronous, but give a wrongly opened dialog time to show.
  await page.waitForTimeout(500);
  await expect(page.getByTestId("image-crop")).toHaveCount(0);
}

test("the upload button opens the file chooser from the keyboard and the field shows the chosen picture", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/image-to-image");
  const zone = page.getByRole("group", { name: "Upload an image" });
  await expect(zone).toContainText("or drop it here · JPG, PNG or WebP");
  // The browser's control ("Choose File · No file chosen") takes no space and no focus.
  const native = page.getByTestId("media-input");
  const box = await native.boundingBox();
  expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true);
  await expect(native).toHaveAttribute("tabindex", "-1");

  const choose = zone.getByRole("button", { name: "Choose a file" });
  await choose.focus();
  const jpeg = await makeJpeg(page, 800, 600);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Enter")]);
  await chooser.setFiles({ name: "sunset.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("crop-confirm").click();

  const ready = page.getByTestId("media-input-ready");
  await expect(ready).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("media-input-name")).toHaveText("sunset.jpg");
  await expect(ready.getByRole("img", { name: "sunset.jpg" })).toBeVisible();
  await expect(ready.getByRole("button", { name: "Replace" })).toBeVisible();
  await expect(zone.getByRole("button", { name: "Choose a file" })).toHaveCount(0);
});

test("the crop dialog's Free mode keeps a 1366×850 picture whole", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/image-to-image");
  await page.getByTestId("media-input").setInputFiles({ name: "wide.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 1366, 850) });
  await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("radio", { name: "Free" })).toHaveAttribute("aria-checked", "true");
  await page.getByTestId("crop-confirm").click();
  const ready = page.getByTestId("media-input-ready");
  await expect(ready).toHaveAttribute("data-width", "1366", { timeout: 20_000 });
  await expect(ready).toHaveAttribute("data-height", "850");

  // Picking another ratio and Free again gives the whole picture back too.
  await page.getByTestId("media-input").setInputFiles({ name: "wide.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 1366, 850) });
  await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("crop-ratio-1:1").click();
  await page.getByRole("radio", { name: "Free" }).click();
  await page.getByTestId("crop-confirm").click();
  await expect(ready).toHaveAttribute("data-width", "1366", { timeout: 20_000 });
  await expect(ready).toHaveAttribute("data-height", "850");
});

for (const [lang, message] of [
  ["en", "This file is not a picture: choose a JPG, PNG or WebP."],
  ["de", "Diese Datei ist kein Bild: Wähle ein JPG, PNG oder WebP."],
] as const) {
  test(`a text file is refused with a clear message and no crop dialog (${lang})`, async ({ page, request }) => {
    await signIn(page, await registerUser(request));
    await page.goto(lang === "en" ? "/image-to-image" : `/${lang}/image-to-image`);
    await page.getByTestId("media-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture\n") });
    await expect(page.getByTestId("media-input-error")).toHaveText(message);
    await cropDialogStaysShut(page);
    await expect(page.getByTestId("media-input-ready")).toHaveCount(0);
  });
}

test("a picture that cannot be read closes the crop dialog and says so under the field", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/image-to-image");
  await page.getByTestId("media-input").setInputFiles({ name: "broken.jpg", mimeType: "image/jpeg", buffer: Buffer.from("definitely not a jpeg") });
  await expect(page.getByTestId("media-input-error")).toHaveText("This picture could not be read: choose another JPG, PNG or WebP.", { timeout: 20_000 });
  await expect(page.getByTestId("image-crop")).toHaveCount(0);
  await expect(page.getByText(/could not be decoded/)).toHaveCount(0);
});
