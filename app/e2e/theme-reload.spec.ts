/**
 * The chosen theme survives a reload: the browser revalidates the page and gets a 304, and runs
 * the cached page's inline theme script under the 304's Content-Security-Policy, which must allow it
 * as the 200's does (server/src/security.rs), or the page boots dark with the wrong toggle label.
 */
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", colorScheme: "dark" });

test("a light-theme visitor still has light after a reload", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const revalidations: boolean[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") void r.allHeaders().then((h) => revalidations.push("if-none-match" in h));
  });
  await page.goto("/home");
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // The reload revalidated the page (the server answers 304 to its ETag: the case that lost the
  // theme; Chromium reports the cached 200 to the page, so the request's precondition is checked).
  expect(revalidations.at(-1)).toBe(true);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  expect(errors.filter((e) => /Content Security Policy|inline script/i.test(e))).toEqual([]);
});
