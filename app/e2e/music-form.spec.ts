/**
 * The text-to-music form as a visitor uses it, against the real server: switching Music ↔ Song
 * keeps what was typed or a template filled; the length is a slider over exactly the module's
 * range (core's catalogue: 1 to 240 s, ACE-Step's longest piece) and the server refuses a longer
 * one before charging, naming the limit; the prompt's hint speaks of music in every language; the
 * styles show once, their pictures on their labels' line.
 */
import { credits, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1366, height: 850 } });

test("switching Music → Song → Music keeps the prompt, a template's too, and the song's lyrics", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/text-to-music");
  const prompt = page.getByTestId("prompt");
  await prompt.fill("a slow piano piece for a rainy evening");
  await page.getByTestId("tab-song").click();
  await expect(page).toHaveURL(/\?tab=song$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Text to Song");
  await expect(prompt).toHaveValue("a slow piano piece for a rainy evening");
  await page.getByTestId("lyrics").fill("rain on the window, light in the hall");
  await page.getByRole("tab", { name: "Music" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Text to Music");
  await expect(prompt).toHaveValue("a slow piano piece for a rainy evening");
  await page.getByTestId("tab-song").click();
  await expect(page.getByTestId("lyrics")).toHaveValue("rain on the window, light in the hall");

  // A template chosen in the list fills the prompt, the length and the style; switching keeps them.
  await page.getByRole("tab", { name: "Music" }).click();
  await prompt.fill("");
  await page.getByTestId("music-templates").click();
  const modal = page.getByTestId("modal-templateList");
  const item = modal.locator(".aivg-audio-item").first();
  await item.getByRole("button", { name: "Use" }).click();
  await expect(modal).toBeHidden();
  const filled = await prompt.inputValue();
  expect(filled.length).toBeGreaterThan(10);
  const length = await page.getByRole("slider", { name: "Length" }).inputValue();
  await page.getByTestId("tab-song").click();
  await expect(prompt).toHaveValue(filled);
  await expect(page.getByRole("slider", { name: "Length" })).toHaveValue(length);
});

test("a template link fills the form once: switching tabs keeps the user's edits", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  const info = (await (await request.get("/v1/workflow/info?id=2001")).json()).data as { info: { prompt: string } };
  await page.goto("/text-to-music?tpl_id=2001");
  const prompt = page.getByTestId("prompt");
  await expect(prompt).toHaveValue(info.info.prompt);
  await page.getByTestId("tab-song").click();
  await expect(prompt).toHaveValue(info.info.prompt);
  await prompt.fill("my own words instead of the template's");
  await page.getByRole("tab", { name: "Music" }).click();
  await expect(prompt).toHaveValue("my own words instead of the template's");
});

test("the length offers only 1–240 s; the server refuses 241 s naming the limit and charges nothing", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/text-to-music");
  const slider = page.getByRole("slider", { name: "Length" });
  await expect(slider).toHaveAttribute("min", "1");
  await expect(slider).toHaveAttribute("max", "240");
  await expect(slider).toHaveValue("30");
  await slider.focus();
  await page.keyboard.press("End");
  await expect(slider).toHaveValue("240");
  await expect(page.getByTestId("duration-value")).toHaveText("240 s");
  await page.keyboard.press("Home");
  await expect(slider).toHaveValue("1");
  // No number field to type 999 into.
  await expect(page.locator('input[type="number"]')).toHaveCount(0);

  // A client that sends more anyway is refused before any charge, with the limit named.
  const res = await request.post("/v1/ai/create/mai_tcm", {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { data: { prompt: "calm piano over soft rain", duration: 241 } },
  });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { msg: string };
  expect(body.msg).toMatch(/^data\.duration/);
  expect(body.msg).toContain("240");
  expect(await credits(request, user)).toBe(5);
});

for (const [lang, hint] of [
  ["de", "Beschreibe die Musik, die du dir wünschst …"],
  ["jp", "作りたい音楽を説明してください…"],
] as const) {
  test(`the prompt's hint speaks of music (${lang})`, async ({ page }) => {
    await page.goto(`/${lang}/text-to-music`);
    await expect(page.getByTestId("prompt")).toHaveAttribute("placeholder", hint);
  });
}

test("the styles show once, each picture centred on its label's line", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/text-to-music");
  const styles = page.getByRole("radiogroup", { name: "Style" });
  const orchestral = styles.getByRole("radio", { name: "Orchestral" });
  await expect(orchestral).toBeVisible();
  // Not again as prompt chips under the prompt.
  await expect(page.getByRole("group", { name: "Presets" })).toHaveCount(0);
  await expect(page.getByText("Orchestral", { exact: true })).toHaveCount(1);
  const picture = orchestral.locator("img");
  await expect(picture).toBeVisible();
  const [chip, img] = await Promise.all([orchestral.boundingBox(), picture.boundingBox()]);
  if (!chip || !img) throw new Error("the style chip has no box");
  expect(Math.abs(img.y + img.height / 2 - (chip.y + chip.height / 2))).toBeLessThan(1.5);
});
