/** docs/behaviour/languages-and-routes.md#language-resolution: language resolution, the cookie, the switch on desktop and phones. */
import { expect, test } from "./fixtures";

test.describe("a browser in Japanese", () => {
  test.use({ locale: "ja-JP" });

  test("lands on /jp/home in Japanese", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/jp\/home$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AIで動画・画像・音楽を作成");
    await expect(page).toHaveTitle("AI動画ジェネレーター：AIで動画・画像・音楽を作成");
  });
});

test.describe("the switch on desktop", () => {
  test.use({ locale: "en-US", viewport: { width: 1280, height: 800 } });

  test("is a two-column dialog with Cancel and Confirm, and the cookie remembers the choice", async ({ page, context }) => {
    await page.goto("/explore?sort=new");
    await page.getByRole("button", { name: "Language: English" }).click();
    const dialog = page.getByTestId("language-dialog");
    await expect(dialog).toBeVisible();
    const options = dialog.getByRole("option");
    await expect(options).toHaveCount(8);
    // Two columns: the second option sits to the right of the first, on the same row.
    const first = await options.nth(0).boundingBox();
    const second = await options.nth(1).boundingBox();
    expect(second && first && second.x > first.x && Math.abs(second.y - first.y) < 2).toBe(true);

    await dialog.getByRole("option", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/explore\?sort=new$/); // nothing before Confirm
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/fr\/explore\?sort=new$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explorer les créations IA");

    const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie?.value).toBe("fr");
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    // A new visit to an unprefixed page follows the remembered language.
    const again = await context.newPage();
    await again.goto("/text-to-image?x=1");
    await expect(again).toHaveURL(/\/fr\/text-to-image\?x=1$/);
  });

  test("Cancel and choosing the current language just close", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("button", { name: "Language: English" }).click();
    const dialog = page.getByTestId("language-dialog");
    await dialog.getByRole("option", { name: "Deutsch" }).click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);

    await page.getByRole("button", { name: "Language: English" }).click();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe("the switch on a phone", () => {
  test.use({ locale: "en-US", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("is a bottom popover whose choice applies at once", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("button", { name: "Language: English" }).click();
    const sheet = page.getByTestId("language-sheet");
    await expect(sheet).toBeVisible();
    // Anchored to the bottom edge (polled: the sheet slides in).
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box && Math.round(box.y + box.height);
      })
      .toBe(844);
    await expect(sheet.getByRole("button", { name: "Confirm" })).toHaveCount(0);
    await sheet.getByRole("option", { name: "한국어" }).click();
    await expect(page).toHaveURL(/\/ko\/home$/);
    await expect(sheet).toBeHidden();
    await expect(page.locator("html")).toHaveAttribute("lang", "ko-KR");
  });

  test("opens the menu drawer at 80vw with its title", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(312); // 80vw of 390 px (above the 280 px minimum)
  });
});
