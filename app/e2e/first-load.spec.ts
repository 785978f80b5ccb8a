/**
 * What a visitor's first load downloads (docs/performance.md): a public page fetches the rules module
 * its first paint runs (aivg_rules) and none of the package's other WebAssembly modules; the
 * rules it does not run (aivg_later) arrive with the first screen that needs them, here the buy
 * dialog, whose prices core computes from that module.
 */
import { expect, test } from "./fixtures";

test.use({ locale: "en-US" });

const PAGES = ["/", "/text-to-video", "/ai-tools/image-enhancer", "/effect", "/explore", "/text-to-music"];

for (const path of PAGES) {
  test(`${path} fetches only the first-paint rules module`, async ({ page }) => {
    const wasm: string[] = [];
    page.on("request", (r) => {
      const p = new URL(r.url()).pathname;
      if (p.endsWith(".wasm")) wasm.push(p);
    });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(wasm.map((p) => /aivg_(\w+?)_bg/.exec(p)?.[1])).toEqual(["rules"]);
  });
}

test("the buy dialog loads the later rules and shows their prices", async ({ page }) => {
  const wasm: string[] = [];
  page.on("request", (r) => {
    const p = new URL(r.url()).pathname;
    if (p.endsWith(".wasm")) wasm.push(p);
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(wasm.some((p) => p.includes("aivg_later"))).toBe(false);
  await page.getByTestId("purchase-button").click();
  const buy = page.getByTestId("buy-dialog");
  // A price: core's skuPriceText (a later rule) wrote the amount with its currency.
  await expect(buy.locator(".acc-price strong").first()).toHaveText(/^\$\d+\.\d\d$/);
  expect(wasm.filter((p) => p.includes("aivg_later"))).toHaveLength(1);
});
