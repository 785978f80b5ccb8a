/**
 * Templates against the real server: the music screen's template list modal (category tabs, audio
 * preview items that really play a WAV), the templates page's music list, and a two-person effect
 * whose template gives ratio bounds (docs/behaviour/uploads.md#aspect-ratios: the two pictures'
 * height/width quotient must stay within them, so the second picture's crop offers only the shapes
 * that do).
 */
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { buyTenCredits, credits, makeJpeg, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

const shots = resolve(import.meta.dirname, "../../docs/screenshots");
mkdirSync(shots, { recursive: true });

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

interface WireTemplate {
  name: string;
  description: string;
  preview_url: string;
  info: { prompt: string; style: string; duration: number };
}

test("music templates: tabs of audio templates, a preview that plays, and Use fills the form", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  // What the server offers, to compare the screen with.
  const ct = (await (await request.get("/v1/workflow/ct/list?fun_module=music")).json()).data as {
    list: { categories: { id: number; title: string }[] }[];
  };
  const categories = ct.list.flatMap((g) => g.categories);
  expect(categories.length).toBeGreaterThan(1);
  const first = categories[0]!;
  const listed = (await (await request.get(`/v1/workflow/list?fun_module=music&fun_category=${first.id}`)).json()).data as {
    list: WireTemplate[];
  };
  const tpl = listed.list[0]!;

  await page.goto("/text-to-music");
  await page.getByTestId("music-templates").click();
  const modal = page.getByTestId("modal-templateList");
  await expect(modal.getByRole("heading", { name: "Music templates" })).toBeVisible();
  // "All" first (every music template), then the server's categories.
  await expect(modal.getByRole("tab")).toHaveText(["All", ...categories.map((c) => c.title)]);
  await modal.getByRole("tab", { name: first.title }).click();
  const item = modal.locator(".aivg-audio-item").filter({ hasText: tpl.name });
  await expect(item).toContainText(tpl.description);

  // Play: the template's WAV is fetched (a media element asks with Range: 206) and plays (the
  // button turns into Pause while it does).
  const [wav] = await Promise.all([
    page.waitForResponse((r) => r.url() === tpl.preview_url && (r.status() === 200 || r.status() === 206)),
    item.getByRole("button", { name: "Play preview" }).click(),
  ]);
  expect(wav.headers()["content-type"]).toBe("audio/wav");
  await expect(item.getByRole("button", { name: "Pause preview" })).toHaveAttribute("aria-pressed", "true");
  await page.screenshot({ path: `${shots}/music-templates.png` });
  await item.getByRole("button", { name: "Pause preview" }).click();
  await expect(item.getByRole("button", { name: "Play preview" })).toHaveAttribute("aria-pressed", "false");

  // Another tab shows its own templates.
  const second = categories[1]!;
  await modal.getByRole("tab", { name: second.title }).click();
  await expect(modal.getByRole("tabpanel", { name: second.title })).not.toContainText(tpl.name);

  await modal.getByRole("tab", { name: first.title }).click();
  await item.getByRole("button", { name: "Use" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId("prompt")).toHaveValue(tpl.info.prompt);
  await expect(page.getByRole("slider", { name: "Length" })).toHaveValue(String(tpl.info.duration));
  await expect(page.getByRole("radio", { name: tpl.info.style })).toHaveAttribute("aria-checked", "true");

  // Generate sends the template's settings after the credit confirmation.
  await page.getByTestId("generate").click();
  const [create] = await Promise.all([page.waitForRequest((r) => r.url().endsWith("/v1/ai/create/mai_tcm")), page.getByTestId("modal-confirm").click()]);
  expect(create.postDataJSON()).toMatchObject({
    data: { prompt: tpl.info.prompt, duration: tpl.info.duration, style: tpl.info.style },
  });
});

test("the templates page lists music templates too; Use opens text to music filled in", async ({ page, request }) => {
  const listed = (await (await request.get("/v1/workflow/list?fun_module=music&fun_category=8")).json()).data as { list: WireTemplate[] };
  const tpl = listed.list[0]!;
  await page.goto("/template");
  await page.getByTestId("browse-music").click();
  const modal = page.getByTestId("modal-templateList");
  await modal.getByRole("tab", { name: "Chill" }).click();
  const item = modal.getByRole("tabpanel", { name: "Chill" }).locator(".aivg-audio-item").filter({ hasText: tpl.name });
  await expect(item.getByRole("button", { name: "Play preview" })).toBeVisible();
  await item.getByRole("button", { name: "Use" }).click();
  await expect(page).toHaveURL(/\/text-to-music\?tpl_id=\d+$/);
  await expect(page.getByTestId("prompt")).toHaveValue(tpl.info.prompt);
  await expect(page.getByRole("slider", { name: "Length" })).toHaveValue(String(tpl.info.duration));
});

async function pickCropped(page: Page, testId: string, ratio: string): Promise<void> {
  const jpeg = await makeJpeg(page, 800, 600);
  await page.getByTestId(testId).setInputFiles({ name: `${testId}.jpg`, mimeType: "image/jpeg", buffer: jpeg });
  await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId(`crop-ratio-${ratio}`).click();
  await page.getByTestId("crop-confirm").click();
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  const ready = page.getByTestId(`${testId}-ready`);
  // The new upload replaces any earlier one; the crop keeps the preset's shape (rounding aside).
  await expect
    .poll(
      async () => {
        if (!(await ready.isVisible())) return Infinity;
        const width = Number(await ready.getAttribute("data-width"));
        const height = Number(await ready.getAttribute("data-height"));
        return Math.abs(height / width - h / w);
      },
      { timeout: 20_000 },
    )
    .toBeLessThan(0.01);
}

test("two-person effect: the second picture's crop offers only shapes the template allows", async ({ page, request }) => {
  const user = await registerUser(request);
  // An effect costs 10 credits (core's table); sign-up gives 5.
  await buyTenCredits(request, user);
  expect(await credits(request, user)).toBe(15);
  await signIn(page, user);
  const info = (await (await request.get("/v1/workflow/info?id=1013")).json()).data as { info: { ratio_lower: number; ratio_upper: number } };
  expect(info.info).toMatchObject({ ratio_lower: 0.5, ratio_upper: 2 });

  await page.goto("/effect/create?tpl_id=1013");
  await expect(page.getByRole("heading", { name: "AI Hug" })).toBeVisible();
  // Nothing chosen yet: every preset.
  await page.getByTestId("tpl-file_path").setInputFiles({ name: "a.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 800, 600) });
  const presets = page.locator("[data-testid^=crop-ratio-]");
  await expect(presets).toHaveCount(5);
  await page.getByTestId("crop-cancel").click();
  await pickCropped(page, "tpl-file_path", "16:9");

  // Against a 16:9 first picture, the height/width quotient stays within 0.5..2 only for 16:9,
  // 1:1 and 4:3 (9:16 would give (9/16)/(16/9) ≈ 0.32; 3:4 gives 0.42).
  await page.getByTestId("tpl-file_path_2").setInputFiles({ name: "b.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 800, 600) });
  await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
  await expect(presets).toHaveText(["16:9", "1:1", "4:3"]);
  await page.getByTestId("crop-ratio-4:3").click();
  await page.getByTestId("crop-confirm").click();
  await expect(page.getByTestId("tpl-file_path_2-ready")).toBeVisible({ timeout: 20_000 });

  const calls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/v1/ai/create/")) calls.push(r.url());
  });
  const [direct] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/v1/workflow/direct")), page.getByTestId("generate").click()]);
  expect(direct.status()).toBe(200);
  await expect(page.getByTestId("create-result")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".create-form [role=alert]")).toHaveCount(0);
  expect(calls.some((u) => u.endsWith("/v1/ai/create/effect"))).toBe(true);
});
