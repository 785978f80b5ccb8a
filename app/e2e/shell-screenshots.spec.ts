/** Screenshots of home on desktop and phone, dark and light, into docs/screenshots/ (for the README). */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "./fixtures";

const out = resolve(import.meta.dirname, "../../docs/screenshots");
mkdirSync(out, { recursive: true });

const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

for (const [device, viewport] of Object.entries(viewports)) {
  for (const theme of ["dark", "light"] as const) {
    test.describe(`${device} ${theme}`, () => {
      test.use({ locale: "en-US", viewport, colorScheme: theme, isMobile: device === "phone" });

      test(`home screenshot (${device}, ${theme})`, async ({ page }) => {
        await page.goto("/home");
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // The grid renders a frame after the hero and fetches its icons then: shoot the whole page.
        await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: `${out}/home-${device}-${theme}.png` });
      });
    });
  }
}
