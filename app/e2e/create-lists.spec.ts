/**
 * Music validation, the effects list's load-more rule and the explore report dialog, against the
 * real server.
 */
import { registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("music: a prompt under 10 characters shows the validation message and creates nothing", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  const creates: string[] = [];
  page.on("request", (r) => {
    // The content check (t_sensitive_detect) runs before the price is confirmed; it creates no task.
    if (r.url().includes("/v1/ai/create/") && !r.url().includes("_sensitive_detect")) creates.push(r.url());
  });
  await page.goto("/text-to-music");
  await expect(page.getByRole("slider", { name: "Length" })).toHaveValue("30");
  await page.getByTestId("prompt").fill("  lo-fi   ");
  await page.getByTestId("generate").click();
  await expect(page.getByTestId("music-prompt-error")).toHaveText("Please describe your music in at least 10 characters.");
  expect(creates).toEqual([]);

  // Song tab (query tab=song): lyrics are checked the same way.
  await page.getByTestId("tab-song").click();
  await expect(page).toHaveURL(/\?tab=song$/);
  await page.getByTestId("prompt").fill("a warm acoustic ballad");
  await page.getByTestId("lyrics").fill("la la");
  await page.getByTestId("generate").click();
  await expect(page.getByTestId("music-lyrics-error")).toHaveText("Please write at least 10 characters of lyrics.");
  expect(creates).toEqual([]);

  // A valid prompt asks to spend the module's credits first (core's price: 5 for mai_tcm);
  // Cancel creates nothing, Continue goes through and the result plays as audio.
  await page.getByRole("tab", { name: "Music" }).click();
  await page.getByTestId("prompt").fill("calm piano over soft rain");
  await page.getByTestId("generate").click();
  await expect(page.getByText("Use 5 credits to unlock the full audio")).toBeVisible();
  await page.getByTestId("modal-cancel").click();
  expect(creates).toEqual([]);
  await page.getByTestId("generate").click();
  await page.getByTestId("modal-confirm").click();
  await expect(page.getByTestId("result-audio")).toBeVisible({ timeout: 30_000 });
  expect(creates.some((u) => u.endsWith("/v1/ai/create/mai_tcm"))).toBe(true);
});

test("effects: pages of 25 load while more than 20 are loaded and fewer than the total", async ({ page, request }) => {
  // Signed in: the shell's early-login experiment would turn a guest's clicks into the login dialog.
  await signIn(page, await registerUser(request));
  const pages: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/v1/workflow/list")
      pages.push(`${url.searchParams.get("fun_category") ?? "all"}:${url.searchParams.get("page")}:${url.searchParams.get("page_size")}`);
  });
  await page.goto("/effect");
  const cards = page.getByTestId("effect-card");
  await expect(cards).toHaveCount(25);
  const total = Number(await page.getByTestId("effect-list").getAttribute("data-total"));
  expect(total).toBeGreaterThan(50);

  await page.getByTestId("effect-list-end").scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(50);
  await page.getByTestId("effect-list-end").scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(total);
  await page.getByTestId("effect-list-end").scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  expect(pages).toEqual(["all:1:25", "all:2:25", "all:3:25"]);

  // A category of 12 (≤ 20 loaded, = total): one page only, however far one scrolls.
  await page.getByRole("tab", { name: "Trending" }).click();
  await expect(cards).toHaveCount(12);
  await page.getByTestId("effect-list-end").scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  expect(pages.filter((p) => p.startsWith("1:"))).toEqual(["1:1:25"]);

  // A template opens its detail and then its creation form (its request fields).
  await cards.first().getByRole("button").click();
  await expect(page.getByTestId("template-detail")).toBeVisible();
  await page.getByTestId("template-use").click();
  await expect(page).toHaveURL(/\/effect\/create\?tpl_id=\d+$/);
  await expect(page.getByText("Photo", { exact: true })).toBeVisible();
});

test("explore: the report dialog sends the chosen reason and note", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/explore");
  const first = page.getByTestId("explore-card").first();
  await expect(first).toBeVisible();
  const id = Number(await first.getAttribute("data-id"));
  await first.getByTestId("explore-report").click();
  const dialog = page.getByTestId("report-dialog");
  await expect(dialog.getByRole("radio")).toHaveCount(11);
  await expect(dialog.getByTestId("report-send")).toBeDisabled();
  await dialog.getByLabel("Copyright infringement").check();
  await dialog.getByLabel("Details (optional)").fill("This is my own artwork.");

  const [req, res] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/v1/explore/report")),
    page.waitForResponse((r) => r.url().endsWith("/v1/explore/report")),
    dialog.getByTestId("report-send").click(),
  ]);
  expect(req.postDataJSON()).toEqual({ explore_id: id, reason: "report_reason_7", other: "This is my own artwork." });
  expect((await res.json()).code).toBe(0);
  await expect(page.getByText("Thank you, your report was sent.")).toBeVisible();
  await expect(page.getByTestId("report-dialog")).toHaveCount(0);
});
