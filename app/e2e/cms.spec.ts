/**
 * docs/behaviour/languages-and-routes.md#page-content page-content flow against the real server's
 * seeded CMS data (server/seed/cms.json): no CMS call on first load; a client-side navigation
 * applies the page's title, description and keywords and injects its blocks; the old blocks go on
 * the next route; template.min.css loads once; logged-in users and the www-sideapp embed mode get
 * no blocks; HTML is sanitised; server redirect rules redirect (client-side, or a full load for an
 * external target).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US" });

const sidebarLink = (page: Page, name: string) => page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name, exact: true });
const injected = (page: Page) => page.locator("[data-cms-injected]");

/** Resolves after a moment in the page: long past the 50 ms injection delay. */
const afterInjectionWindow = (page: Page) => page.evaluate(() => new Promise((done) => setTimeout(done, 500)));

test("first load calls no CMS; a navigation applies tdk, injects blocks, replaces them on the next route", async ({ page }) => {
  const cmsCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/cms-data/")) cmsCalls.push(r.url());
  });
  const stylesheets: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/template.min.css")) stylesheets.push(r.status());
  });

  await page.goto("/home");
  await expect(sidebarLink(page, "Text to Video")).toBeVisible();
  expect(cmsCalls).toEqual([]);
  await expect(injected(page)).toHaveCount(0);

  await sidebarLink(page, "Text to Video").click();
  await expect(page.locator("main .cms-content")).toContainText("Write it, watch it");
  await expect(page.locator("main .cms-bottom")).toContainText("Name the subject");
  await expect(page).toHaveTitle("Text to Video AI — turn words into video");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /short video in seconds/);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", "text to video, ai video from text, prompt to video");
  await expect(page.locator("link[data-cms-stylesheet]")).toHaveCount(1);

  await sidebarLink(page, "Image to Video").click();
  await expect(page.locator("main .cms-content")).toContainText("From still to motion");
  await expect(page.getByText("Write it, watch it")).toHaveCount(0);
  await expect(page.locator("main .cms-content")).toHaveCount(1);
  await expect(page.locator("link[data-cms-stylesheet]")).toHaveCount(1);
  expect(stylesheets).toEqual([200]);
  expect(cmsCalls.length).toBeGreaterThanOrEqual(2);
});

test("a logged-in user gets the page's title but no blocks", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("mediaio.user-info", JSON.stringify({ expire: Date.now() + 86_400_000, data: { uid: "e2e-user" } }));
  });
  await page.goto("/home");
  await sidebarLink(page, "Text to Video").click();
  await expect(page).toHaveTitle("Text to Video AI — turn words into video");
  await afterInjectionWindow(page);
  await expect(injected(page)).toHaveCount(0);
});

test("the session flag embedmode=www-sideapp turns injection off", async ({ page }) => {
  await page.goto("/home?embedmode=www-sideapp");
  await sidebarLink(page, "Text to Video").click();
  await expect(page).toHaveTitle("Text to Video AI — turn words into video");
  await afterInjectionWindow(page);
  await expect(injected(page)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem("embedmode"))).toBe("www-sideapp");
});

test("injected HTML is sanitised: no scripts, handlers or javascript: URLs", async ({ page }) => {
  await page.route("**/api/cms-data/**", (route) =>
    route.fulfill({
      json: {
        code: 0,
        msg: "",
        trace_id: null,
        data: {
          tdk: { title: "Sanitised page" },
          head: '<script>window.__pwned = "head"</script><meta name="cms-e2e" content="kept">',
          content:
            '<div id="cms-x"><img id="cms-img" src="/favicon.svg" onload="window.__pwned = \'onload\'">' +
            '<a id="cms-link" href="javascript:window.__pwned = \'href\'">link</a>' +
            '<script>window.__pwned = "script"</script><p>Clean text</p></div>',
          bottom: "",
        },
      },
    }),
  );
  await page.goto("/home");
  await sidebarLink(page, "Explore").click();
  await expect(page.locator("main .cms-content")).toContainText("Clean text");
  await page.locator("#cms-link").click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  await expect(page.locator("#cms-img")).not.toHaveAttribute("onload", /.*/);
  expect((await page.locator("#cms-link").getAttribute("href")) ?? "").not.toMatch(/javascript:/i);
  await expect(page.locator("script", { hasText: "__pwned" })).toHaveCount(0);
  await expect(page.locator('meta[name="cms-e2e"]')).toHaveAttribute("content", "kept");
});

test("a server redirect rule redirects on a visit that starts on its placeholder route", async ({ page }) => {
  await page.goto("/red1-to-t2v");
  await expect(page).toHaveURL(/\/text-to-video$/);
  await page.goto("/de/red1-to-home");
  await expect(page).toHaveURL(/\/de\/home$/);
});

test("a server redirect rule redirects after a client-side navigation", async ({ page }) => {
  await page.goto("/home");
  await expect(sidebarLink(page, "Explore")).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, "", "/red1-to-ai-v2t");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page).toHaveURL(/\/video-to-anime$/);
});

test("an external redirect target gets a full page load", async ({ page }) => {
  await page.route("https://example.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>External</title><p>external site</p>" }));
  await page.goto("/red1-to-ai-root");
  await expect(page).toHaveURL("https://example.com/ai/");
  await expect(page.getByText("external site")).toBeVisible();
});

test("links in CMS blocks follow the link rules: main-site AI path in-app, others in a new tab", async ({ page, baseURL }) => {
  await page.route("**/api/cms-data/**", (route) =>
    route.fulfill({
      json: {
        code: 0,
        msg: "",
        trace_id: null,
        data: {
          tdk: { title: "Links page" },
          content: `<p><a id="to-explore" href="${baseURL}/ai/explore?from=cms">Explore</a> <a id="to-external" href="https://example.com/partner">Partner</a></p>`,
        },
      },
    }),
  );
  // Context-wide, so the new tab is served too (no internet here).
  await page.context().route("https://example.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<p>partner site</p>" }));
  await page.goto("/home");
  await sidebarLink(page, "Libraries").click();
  await expect(page.locator("#to-explore")).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __mark?: number }).__mark = 1));

  const popup = page.waitForEvent("popup");
  await page.locator("#to-external").click();
  await expect(await popup).toHaveURL("https://example.com/partner");

  await page.locator("#to-explore").click();
  await expect(page).toHaveURL(/\/explore\?from=cms$/);
  expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);
});
