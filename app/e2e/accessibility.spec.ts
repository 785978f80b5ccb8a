/**
 * Accessibility of the public pages, as axe-core (Deque's rules engine, run in the page) finds it:
 * no serious or critical violation on six public pages, on the desktop and the phone layouts.
 * Unsolicited popups stay closed (as for a first visit under automation) so the page itself is
 * what is checked.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US" });

const PAGES = ["/home", "/text-to-video", "/image-to-image", "/text-to-music", "/ai-tools/image-enhancer", "/explore"];
const LAYOUTS = [
  { name: "desktop", size: { width: 1440, height: 900 } },
  { name: "phone", size: { width: 390, height: 844 } },
];

for (const layout of LAYOUTS) {
  for (const path of PAGES) {
    test(`${layout.name} ${path}: no serious or critical axe violation`, async ({ page }) => {
      await page.setViewportSize(layout.size);
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      // Let the page's data arrive (lists, chips) before it is checked.
      await page.waitForLoadState("networkidle");
      const { violations } = await new AxeBuilder({ page }).analyze();
      const grave = violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
      expect(grave).toEqual([]);
    });
  }
}
