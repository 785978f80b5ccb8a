/**
 * The task queue against the real server: cancel refunds the credits; a failed task shows its
 * error and refunds. Needs the server's test hooks (AIVG_TASK_TEST_HOOKS=1): a prompt with
 * `[slow]` runs ~20 s, one with `[fail]` fails.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { credits, registerUser, requireTaskTestHooks, signIn } from "./create-support";
import { expect, test } from "./fixtures";

const shots = resolve(import.meta.dirname, "../../docs/screenshots");
mkdirSync(shots, { recursive: true });

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

test("cancel: a running task is cancelled from the queue and its credits come back", async ({ page, request }) => {
  const user = await registerUser(request);
  await requireTaskTestHooks(request, user);
  await signIn(page, user);
  await page.goto("/text-to-image");
  await page.getByTestId("prompt").fill("[slow] a quiet harbour at night");
  await page.getByTestId("generate").click();
  await page.getByTestId("modal-confirm").click();

  const card = page.getByTestId("task-card").filter({ hasText: "[slow] a quiet harbour at night" });
  await expect(card).toHaveAttribute("data-status", /queued|running/, { timeout: 10_000 });
  expect(await credits(request, user)).toBe(3);
  await page.getByTestId("task-queue").screenshot({ path: `${shots}/task-queue.png` });

  // Leaving while the task runs asks first (docs/behaviour/calls-and-errors.md#messages texts);
  // Cancel stays.
  const home = page.getByRole("navigation").getByRole("link", { name: "Home", exact: true }).first();
  await home.click();
  await expect(page.getByText("Exit current mission")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/text-to-image$/);

  await card.getByTestId("task-cancel").click();

  await expect(card).toHaveAttribute("data-status", "cancelled", { timeout: 10_000 });
  await expect(card.getByTestId("task-status")).toHaveText("Cancelled");
  await expect(card.getByTestId("task-refunded")).toHaveText("2 credits refunded");
  expect(await credits(request, user)).toBe(5);

  // Nothing runs any more: leaving needs no confirmation.
  await home.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText("Exit current mission")).toHaveCount(0);
});

test("failure: a failed task shows its error and refunds", async ({ page, request }) => {
  const user = await registerUser(request);
  await requireTaskTestHooks(request, user);
  await signIn(page, user);
  await page.goto("/text-to-image");
  await page.getByTestId("prompt").fill("[fail] a broken mirror");
  await page.getByTestId("generate").click();
  await page.getByTestId("modal-confirm").click();

  await expect(page.getByTestId("result-error")).toHaveText("The task failed on purpose (test hook [fail]).", { timeout: 15_000 });
  const card = page.getByTestId("task-card").filter({ hasText: "[fail] a broken mirror" });
  await expect(card).toHaveAttribute("data-status", "failed");
  await expect(card.getByTestId("task-error")).toHaveText("The task failed on purpose (test hook [fail]).");
  await expect(card.getByTestId("task-refunded")).toHaveText("2 credits refunded");
  expect(await credits(request, user)).toBe(5);

  // Retry asks first, with its price (docs/behaviour/tasks-and-queue.md#deleting-and-retrying),
  // before starting again.
  await card.getByTestId("task-retry").click();
  await expect(page.getByRole("dialog")).toContainText("costs 2 credits");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
