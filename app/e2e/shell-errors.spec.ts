/** docs/behaviour/languages-and-routes.md#error-page: the 404 page, the non-fatal "no match" 404, the test error, bots. */
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1280, height: 800 } });

test("/404 shows the not-found page with Go Home and the feature guide", async ({ page }) => {
  await page.goto("/404");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  const guide = page.getByRole("navigation", { name: "Try our AI tools" });
  await expect(guide.getByRole("heading", { level: 3 })).toHaveText(["AI Video", "AI Image", "AI Audio"]);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test("an unknown path is a 404 inside the frame, and Go Back returns", async ({ page }) => {
  await page.goto("/home");
  await page.goto("/de/no/such/page?x=1");
  const section = page.locator("section.error-page");
  await expect(section).toHaveAttribute("data-message", "Page not found: /de/no/such/page?x=1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
  await expect(page.getByRole("banner")).toBeVisible();
  // Opened by a full load: no in-app history, so Go Back goes home.
  await page.getByRole("button", { name: "Zurück" }).click();
  await expect(page).toHaveURL(/\/de\/home$/);
});

test("/debug/test-error shows the 500 page without the debug stack in production", async ({ page }) => {
  await page.goto("/debug/test-error");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Something went wrong on our end");
  await expect(page.getByText("Debug details")).toHaveCount(0);
});

test.describe("a bot", () => {
  test.use({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });

  test("gets no error page", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.locator("section.error-page")).toHaveCount(0);
  });
});
