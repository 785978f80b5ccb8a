/**
 * Video to Anime from the visitor's side: its prompt presets load in every language (the call
 * answered 400 before), the page offers the catalogue's anime styles with translated names and the
 * words each adds, and the chosen style goes with the task (`data.prompt_style`).
 */
import { buyTenCredits, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";
import { makeWebm } from "./media";

test.use({ viewport: { width: 1440, height: 900 } });

for (const [prefix, label, retro] of [
  ["", "Anime style", "90s retro"],
  ["/de", "Anime-Stil", "90er-Retro"],
  ["/jp", "アニメスタイル", "90年代レトロ"],
] as const) {
  test(`${prefix || "/"} video to anime loads its presets and offers the anime styles`, async ({ page }) => {
    const presets = page.waitForResponse((r) => r.url().includes("/v1/prompt/category-and-presets"));
    await page.goto(`${prefix}/video-to-anime`);
    expect((await presets).status()).toBe(200);
    await expect(page.getByRole("group", { name: /./ }).getByRole("button").first()).toBeVisible();
    const styles = page.getByRole("radiogroup", { name: label });
    await expect(styles.getByRole("radio")).toHaveCount(5);
    await expect(styles.getByRole("radio").first()).toHaveAttribute("aria-checked", "true");
    await styles.getByRole("radio", { name: retro }).click();
    await expect(styles.getByRole("radio", { name: retro })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("prompt-style-words")).toContainText("1990s retro anime");
  });
}

test("the chosen anime style goes with the task", async ({ page, request }) => {
  const user = await registerUser(request);
  await buyTenCredits(request, user);
  await signIn(page, user);
  await page.goto("/video-to-anime");
  await page.getByTestId("media-input").setInputFiles({ name: "clip.webm", mimeType: "video/webm", buffer: makeWebm() });
  await expect(page.getByTestId("media-input-ready")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("prompt-style-cyberpunk").click();
  const [create] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/v1/ai/create/video2anime")),
    (async () => {
      await page.getByTestId("generate").click();
      await page.getByTestId("modal-confirm").click();
    })(),
  ]);
  const sent = (create.postDataJSON() as { data: Record<string, unknown> }).data;
  expect(sent.prompt_style).toBe("cyberpunk");
  const answer = await (await create.response())?.json();
  expect(answer?.code, JSON.stringify(answer)).toBe(0);
});
