/**
 * A new account as its user meets it: 5 sign-up credits do not start a video (10 credits), and
 * the screen offers the buy dialog's credits tab right there; the first image finishes and shows
 * as done; the task panel offers "Load more" only when there is more.
 */
import { credits, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("5 credits cannot start a video: the buy dialog opens on its credits tab, and the error line offers it again", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/text-to-video");
  await expect(page.getByTestId("credit-count")).toHaveText("5");
  await page.getByTestId("prompt").fill("A paper boat drifting down a rainy street");
  await page.getByTestId("generate").click();

  const buy = page.getByTestId("buy-dialog");
  await expect(buy).toBeVisible();
  await expect(buy.getByRole("tab", { name: "Credits" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("modal-consumption")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(buy).toBeHidden();

  await expect(page.getByTestId("create-error")).toHaveText("Not enough credits for this task.");
  await page.getByTestId("buy-credits").click();
  await expect(buy.getByRole("tab", { name: "Credits" })).toHaveAttribute("aria-selected", "true");
  expect(await credits(request, user)).toBe(5);
});

test("the server's refusal for credits offers the buy dialog too", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/text-to-image");
  await expect(page.getByTestId("credit-count")).toHaveText("5");
  // Spent elsewhere (another tab): the page still shows 5 credits, the server has 1.
  for (const prompt of ["a red kite", "a blue kite"]) {
    const res = await request.post("/v1/ai/create/text2image", { data: { data: { prompt } }, headers: { Authorization: `Bearer ${user.token}` } });
    expect(res.ok()).toBe(true);
  }
  await page.getByTestId("prompt").fill("A lighthouse on a cliff at dawn");
  await page.getByTestId("generate").click();
  await page.getByTestId("modal-confirm").click();
  const buy = page.getByTestId("buy-dialog");
  await expect(buy).toBeVisible();
  await expect(buy.getByRole("tab", { name: "Credits" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("create-error")).toHaveText("Not enough credits for this task.");
  await expect(page.getByTestId("buy-credits")).toBeVisible();
});

test("a first image right after the page opens shows as done, and the panel has nothing more to load", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/text-to-image");
  // At once, while the task panel's list and event stream are still starting.
  await page.getByTestId("prompt").fill("A small cabin in the snow");
  await page.getByTestId("generate").click();
  await page.getByTestId("modal-confirm").click();
  await expect(page.getByTestId("result-image")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("create-result")).toHaveAttribute("data-status", "succeeded");
  const queue = page.getByTestId("task-queue");
  await expect(queue.getByTestId("task-card")).toHaveCount(1);
  await expect(queue.getByTestId("task-card").first()).toHaveAttribute("data-status", "succeeded");
  await expect(queue.getByRole("button", { name: "Load more" })).toHaveCount(0);
  // Still so after the list is read again from the server.
  await page.reload();
  await expect(queue.getByTestId("task-card")).toHaveCount(1);
  await expect(queue.getByRole("button", { name: "Load more" })).toHaveCount(0);
});
