/**
 * The API reference page (docs/api.md): `/docs/api` renders the server's OpenAPI document with
 * Swagger UI from this origin only, with no console error, failed request or request elsewhere.
 */
import { expect, test } from "./fixtures";
import { watchProblems } from "./page-problems";

test("/docs/api renders the OpenAPI document's calls offline", async ({ page, baseURL }) => {
  const problems = watchProblems(page);
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!baseURL || !r.url().startsWith(baseURL)) elsewhere.push(r.url());
  });
  const spec = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/openapi.json");
  await page.goto("/docs/api");
  expect((await spec).status()).toBe(200);
  // The task creation call, by its summary in the document (server/src/openapi/).
  const create = page.locator(".opblock-post", { hasText: "Create a task" }).first();
  await expect(create).toBeVisible();
  await expect(create.locator(".opblock-summary-path")).toHaveAttribute("data-path", "/v1/ai/create/{algorithm}");
  // Opening a call shows its details from the document, without the online validator.
  await create.locator(".opblock-summary").click();
  await expect(create.locator(".opblock-body")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(elsewhere).toEqual([]);
  expect(problems.take()).toEqual([]);
});
