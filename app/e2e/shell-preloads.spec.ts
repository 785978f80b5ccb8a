/**
 * The index.html of a page carries preload hints for that page's route and language (server
 * src/spa/hints.rs, from the build's page-preloads.json): the browser fetches each hinted file
 * once, from the hint, and the app uses it instead of asking again.
 */
import { expect, test } from "./fixtures";

test.use({ locale: "ja-JP" });

function hints(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((m) => m[1] ?? "");
}

test("a page's route chunks and language messages are hinted in its HTML and fetched once", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  // A Japanese browser on an unprefixed path: core resolves jp (and the app redirects to /jp/explore).
  const res = await page.goto("/explore");
  const html = (await res?.text()) ?? "";
  const chunks = hints(html, /<link rel="modulepreload" crossorigin href="([^"]*ExplorePage[^"]*)">/g);
  const messages = hints(html, /<link rel="preload" as="fetch" crossorigin href="(\/_i18n\/[^"]+\/jp\/messages\.json)">/g);
  expect(chunks, html).toHaveLength(1);
  expect(messages, html).toHaveLength(1);
  await expect(page).toHaveURL(/\/jp\/explore$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const path of [...chunks, ...messages])
    expect(
      requested.filter((p) => p === path),
      path,
    ).toHaveLength(1);
});

test("a tool page's examples are in its HTML: pictures hinted and fetched once, their list read without a request", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  const res = await page.goto("/jp/ai-tools/image-enhancer");
  const html = (await res?.text()) ?? "";
  const pictures = hints(html, /<link rel="preload" as="image" href="([^"]+)">/g);
  // The image enhancer has three examples: before and after of each, in order.
  expect(pictures, html).toHaveLength(6);
  const shown = page.locator("img[loading=eager]");
  await expect(shown).toHaveCount(6);
  await expect
    .poll(() => shown.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  expect(await shown.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))).toEqual(pictures);
  for (const url of pictures)
    expect(
      requested.filter((u) => u === url),
      url,
    ).toHaveLength(1);
  // The examples' list came with the HTML (server spa/hints.rs FirstScreen): the page never asked for it.
  expect(requested.filter((u) => u.includes("/v1/common/demo/list"))).toEqual([]);
  // A tool page reached by navigation in the app asks for its own examples.
  await page.goto("/jp/ai-tools");
  await page.locator('a[href$="/ai-tools/bg-remover"]').first().click();
  await expect(page).toHaveURL(/\/ai-tools\/bg-remover$/);
  await expect(page.getByTestId("tool-demos").locator("img")).not.toHaveCount(0);
  expect(requested.filter((u) => u.includes("/v1/common/demo/list")).map((u) => new URL(u).searchParams.get("key"))).toEqual(["bg-remover"]);
});
