/** docs/behaviour/languages-and-routes.md#routes, #language-resolution: / and bare prefixes redirect to home keeping the query; /create → image to video. */
import { expect, test } from "./fixtures";

test.use({ locale: "en-US" });

test("/ redirects to /home keeping the query", async ({ page }) => {
  await page.goto("/?utm_source=test&x=1");
  await expect(page).toHaveURL(/\/home\?utm_source=test&x=1$/);
  await expect(page.locator("h1")).toBeVisible();
});

for (const prefix of ["de", "fr", "es", "br", "jp", "ko", "zh"]) {
  test(`/${prefix} redirects to /${prefix}/home keeping the query`, async ({ page }) => {
    await page.goto(`/${prefix}?a=1`);
    await expect(page).toHaveURL(new RegExp(`/${prefix}/home\\?a=1$`));
  });
}

test("/create redirects to /image-to-video keeping the query", async ({ page }) => {
  await page.goto("/create?ref=nav");
  await expect(page).toHaveURL(/\/image-to-video\?ref=nav$/);
});

test("a prefixed route shows in its language with html lang", async ({ page }) => {
  await page.goto("/de/explore");
  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
  await expect(page.getByRole("link", { name: "Startseite", exact: true })).toBeVisible();
});
