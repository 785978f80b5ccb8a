/**
 * Every page of the fresh build (app/dist) loads without a console error, an uncaught error, a
 * failed request or an answer of 400 or more: among others, each preload hint the server adds
 * from the build's page-preloads.json (server src/spa/hints.rs) names a file of that build.
 * The routes come from core's route table, so a new route is walked without editing this file.
 */
import { createRequire } from "node:module";
import type { RouteDef } from "@aivg/core";
import { watchProblems } from "./page-problems";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1366, height: 850 } });

// Core's Node build is CommonJS; Playwright's loader cannot import it as a module.
const { routeTable } = createRequire(import.meta.url)("@aivg/core") as { routeTable: () => RouteDef[] };

/**
 * Not walked: the page that raises an error on purpose, and the placeholders of server redirect
 * rules, which the CMS flow sends elsewhere (docs/behaviour/languages-and-routes.md#error-page, #routes).
 */
const skipped = (name: string) => name === "DebugTestError" || /^red\d-/.test(name);
/** A path no route but the catch-all matches. */
const UNKNOWN = "/no/such/page";

/** A path of each route: its pattern without the optional parameters (the catch-all: an unknown path). */
function routePaths(): { name: string; path: string }[] {
  return routeTable()
    .filter((r) => !skipped(r.name))
    .map((r) => ({ name: r.name, path: r.name === "CatchAll" ? UNKNOWN : r.path.replace(/\/:[^/]*\?/g, "") }));
}

test("every route of the build loads without a console error or a failed request", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const paths = routePaths();
  expect(paths.map((p) => p.path)).toContain("/explore");
  expect(
    paths.every((p) => !p.path.includes(":")),
    JSON.stringify(paths),
  ).toBe(true);
  // The not-found pages' documents are answered 404 (core's page_status).
  const notFound = new Set([`${baseURL}/404`, `${baseURL}${UNKNOWN}`, `${baseURL}/jp/404`]);
  const problems = watchProblems(page, (url) => (notFound.has(url) ? 404 : undefined));
  const found: string[] = [];
  for (const { name, path } of [...paths, { name: "NotFound (jp)", path: "/jp/404" }, { name: "Explore (jp)", path: "/jp/explore" }]) {
    const response = await page.goto(path);
    expect(response, path).not.toBeNull();
    // The page's own module has run (its title is set) and every hinted file has been fetched.
    await page.waitForLoadState("networkidle");
    await expect(page.locator("#root")).not.toBeEmpty();
    found.push(...problems.take().map((line) => `${name} ${path}: ${line}`));
  }
  expect(found).toEqual([]);
});
