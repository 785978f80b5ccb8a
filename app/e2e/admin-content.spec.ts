/**
 * The console's Content page (docs/operations.md#editing-content) from the browser: an admin
 * edits a template's title in English and German and uploads its preview picture; the public
 * effects page shows both, in each language, without a restart. Template 1044 (Fantasy, neither
 * hot nor new) is one no other spec or screenshot shows. The page is checked with axe (no serious
 * or critical violation) and its form opens with the keyboard.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { makeJpeg, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";
import { serverBinary } from "./server";

test.use({ locale: "en-US" });

const TPL = 1044;

function grantAdmin(email: string): void {
  const dataDir = process.env.AIVG_E2E_DATA_DIR;
  if (!dataDir) throw new Error("AIVG_E2E_DATA_DIR is not set (e2e/global-setup.ts)");
  execFileSync(serverBinary(), ["admin", "grant", email], { env: { ...process.env, AIVG_DATA_DIR: dataDir, DATABASE_URL: "" } });
}

/** The serious or critical axe violations of the page as it is. */
async function grave(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include("[data-testid=admin-content]").analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test("an admin renames a template in two languages and uploads its picture; the site shows both at once", async ({ page, request }) => {
  // Two saves, an upload and two public pages with their pictures: three times the usual time,
  // for a machine running the other suites beside this one.
  test.slow();
  const admin = await registerUser(request);
  grantAdmin(admin.email);
  await signIn(page, admin);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Content" }).click();
  await expect(page.getByTestId(`content-row-${TPL}`)).toBeVisible();
  expect(await grave(page)).toEqual([]);
  // With the keyboard: the row's Edit button opens the form.
  await page.getByTestId(`content-edit-${TPL}`).focus();
  await page.keyboard.press("Enter");
  const editor = page.getByTestId("content-template-editor");
  await expect(editor).toBeVisible();
  expect(await grave(page)).toEqual([]);
  await editor.getByTestId("content-name-en").fill("Chrome Knight");
  await editor.getByTestId("content-name-de").fill("Chromritter");
  await editor.getByTestId("content-save").click();
  await expect(page.getByTestId("content-note")).toHaveText(`Template ${TPL} saved.`);

  const jpeg = await makeJpeg(page, 320, 568);
  await editor.getByTestId("content-upload-picture").setInputFiles({ name: "preview.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await expect(page.getByTestId("content-note")).toHaveText(`File uploaded to template ${TPL}.`);
  await expect(editor.getByTestId("content-picture-preview")).toHaveAttribute("src", /\/static\/content\/tpl-1044-picture-/);

  // The public effects page, in English then German, without a restart.
  const fantasy = async (lang: string) => {
    const res = await request.post("/v1/workflow/category/list", { headers: { "X-Lang": lang }, data: {} });
    const cats = (await res.json()).data.list as { id: number; title: string }[];
    return cats.find((c) => c.id === 4)!.title;
  };
  for (const [path, lang, name] of [
    ["/effect", "en", "Chrome Knight"],
    ["/de/effect", "de", "Chromritter"],
  ] as const) {
    await page.goto(path);
    await page.getByRole("tab", { name: await fantasy(lang), exact: true }).click();
    const card = page.getByTestId("effect-card").filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card.locator("img")).toHaveAttribute("src", /\/static\/content\/tpl-1044-picture-.*\.jpg$/);
    // The picture really loads.
    await expect.poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  }
});

test("an admin writes a CMS page's title in a language it lacked; the page shows it at once", async ({ page, request }) => {
  const admin = await registerUser(request);
  grantAdmin(admin.email);
  await signIn(page, admin);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByRole("button", { name: "CMS pages" }).click();
  const form = page.getByTestId("content-cms");
  await form.getByLabel("Page path", { exact: true }).selectOption("/text-to-video");
  await expect(form.getByTestId("cms-missing")).toContainText("ko");
  await form.getByLabel("Language", { exact: true }).selectOption("ko");
  await form.getByTestId("cms-title").fill("AI 동영상 스튜디오");
  await form.getByTestId("cms-description").fill("텍스트와 사진으로 동영상을 만드세요.");
  await form.getByTestId("cms-save").click();
  await expect(form.getByRole("status")).toHaveText("Page /ko/text-to-video saved.");
  await expect(form.getByTestId("cms-missing")).not.toContainText("ko");
  expect(await grave(page)).toEqual([]);

  // CMS data is read when the app moves to a page (docs/behaviour/languages-and-routes.md#page-content).
  await page.goto("/ko/home");
  await page.getByRole("complementary").locator('a[href="/ko/text-to-video"]').first().click();
  await expect(page).toHaveTitle("AI 동영상 스튜디오");
});

test("an admin edits an explore item in two languages, unpublishes another and reorders; the explore page shows it at once", async ({ page, request }) => {
  // Two axe runs over a 40-row table and two explore pages: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  // Items on the explore list's second page, which no other spec or screenshot shows.
  const [EDITED, HIDDEN, MOVED] = ["1458", "1457", "1459"];
  const admin = await registerUser(request);
  grantAdmin(admin.email);
  await signIn(page, admin);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByRole("button", { name: "Lists", exact: true }).click();
  const section = page.getByTestId("content-items");
  await expect(section.getByTestId("items-list")).toHaveValue("explore/items");
  await expect(section.getByTestId(`item-row-${EDITED}`)).toBeVisible();
  expect(await grave(page)).toEqual([]);

  // With the keyboard: the row's Edit button opens the form.
  await section.getByTestId(`item-edit-${EDITED}`).focus();
  await page.keyboard.press("Enter");
  const editor = page.getByTestId("item-editor");
  await expect(editor).toBeVisible();
  expect(await grave(page)).toEqual([]);
  await editor.getByTestId("item-title-en").fill("A lighthouse in a storm");
  await editor.getByTestId("item-title-de").fill("Ein Leuchtturm im Sturm");
  await editor.getByTestId("item-title-jp").fill("");
  await editor.getByLabel("Preview language").selectOption("de");
  await expect(editor.getByTestId("item-preview")).toHaveText("Ein Leuchtturm im Sturm");
  await editor.getByTestId("item-save").click();
  await expect(section.getByTestId("items-note")).toHaveText(`Item ${EDITED} saved.`);
  await section.getByRole("button", { name: "Back to the list" }).click();
  await expect(section.getByTestId(`item-row-${EDITED}`)).toContainText("jp");

  await section.getByTestId(`item-publish-${HIDDEN}`).click();
  await expect(section.getByTestId("items-note")).toHaveText(`Item ${HIDDEN} unpublished.`);
  await expect(section.getByTestId(`item-row-${HIDDEN}`)).toContainText("Unpublished");
  await section.getByRole("button", { name: `Move item ${MOVED} up` }).click();
  await expect(section.getByTestId("items-note")).toHaveText("Order saved.");

  // The public explore page's second page, in English then German, without a restart.
  for (const [path, more, title] of [
    ["/explore", "Load more", "A lighthouse in a storm"],
    ["/de/explore", "Mehr laden", "Ein Leuchtturm im Sturm"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId("explore-card")).toHaveCount(20);
    await page.getByRole("button", { name: more, exact: true }).click();
    const cards = page.getByTestId("explore-card");
    await expect(cards).toHaveCount(39);
    const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-id")));
    expect(ids).not.toContain(HIDDEN);
    expect(ids.slice(-2)).toEqual([MOVED, EDITED]);
    await expect(cards.last()).toContainText(title);
  }
});
