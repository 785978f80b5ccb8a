/**
 * The task queue's Delete and Retry as a user meets them
 * (docs/behaviour/tasks-and-queue.md#deleting-and-retrying): Delete asks first, and the task stays
 * on the server until Delete is confirmed; Retry states what it costs (the number the Generate
 * button shows), without the "progress will not be saved" warning of a running task, and charges
 * only once confirmed.
 */
import type { APIRequestContext } from "@playwright/test";
import { credits, registerUser, signIn, type TestUser } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1366, height: 850 } });

async function call<T>(request: APIRequestContext, user: TestUser, path: string, body: unknown): Promise<T> {
  const res = await request.post(path, { data: body, headers: { Authorization: `Bearer ${user.token}` } });
  const json = (await res.json()) as { code: number; data: T };
  if (!res.ok() || json.code !== 0) throw new Error(`${path} answered HTTP ${res.status()}: ${JSON.stringify(json)}`);
  return json.data;
}

/** The task's status as the server has it; null once it is deleted (the batch leaves deleted tasks out). */
async function serverStatus(request: APIRequestContext, user: TestUser, taskId: string): Promise<string | null> {
  const { list } = await call<{ list: { task_id: string; status: string }[] }>(request, user, "/v1/ai/result/batch", { task_ids: [taskId] });
  return list.find((t) => t.task_id === taskId)?.status ?? null;
}

/** A finished text-to-image task, made through the API. */
async function finishedTask(request: APIRequestContext, user: TestUser, prompt: string): Promise<string> {
  const { task_id } = await call<{ task_id: string }>(request, user, "/v1/ai/create/text2image", { data: { prompt } });
  await expect.poll(() => serverStatus(request, user, task_id), { timeout: 20_000 }).toBe("succeeded");
  return task_id;
}

test("Delete asks first; Keep and Escape keep the task on the server, Delete removes it", async ({ page, request }) => {
  const user = await registerUser(request);
  const taskId = await finishedTask(request, user, "a red kite over the dunes");
  await signIn(page, user);
  await page.goto("/text-to-image");
  const card = page.locator(`[data-testid="task-card"][data-task-id="${taskId}"]`);
  await expect(card).toHaveAttribute("data-status", "succeeded");

  await card.getByTestId("task-delete").click();
  const dialog = page.getByRole("dialog");
  const confirm = dialog.getByTestId("modal-confirm");
  await expect(dialog.getByRole("heading", { name: "Delete this task?" })).toBeVisible();
  await expect(dialog).toContainText("deleted for good");
  await dialog.getByRole("button", { name: "Keep" }).click();
  await expect(dialog).toHaveCount(0);
  // Focus goes back to the button that asked.
  await expect(card.getByTestId("task-delete")).toBeFocused();
  await expect(card).toBeVisible();
  expect(await serverStatus(request, user, taskId)).toBe("succeeded");

  await card.getByTestId("task-delete").click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();
  expect(await serverStatus(request, user, taskId)).toBe("succeeded");

  await card.getByTestId("task-delete").click();
  await expect(confirm).toHaveText("Delete");
  await confirm.click();
  await expect(card).toHaveCount(0);
  await expect.poll(() => serverStatus(request, user, taskId)).toBeNull();
  // Still gone after a reload: the server deleted it.
  await page.reload();
  await expect(page.getByTestId("task-queue")).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("Retry states its price, the Generate button's, and charges only when confirmed", async ({ page, request }) => {
  const user = await registerUser(request);
  const taskId = await finishedTask(request, user, "a paper crane on a desk");
  const before = await credits(request, user);
  await signIn(page, user);
  await page.goto("/text-to-image");
  const card = page.locator(`[data-testid="task-card"][data-task-id="${taskId}"]`);
  await expect(card).toHaveAttribute("data-status", "succeeded");
  // The price the Generate button shows for this module.
  const generate = await page.getByTestId("generate").textContent();
  const price = Number(/(\d+) credits/.exec(generate ?? "")?.[1]);
  expect(price).toBeGreaterThan(0);

  await card.getByTestId("task-retry").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Run this task again?" })).toBeVisible();
  await expect(dialog).toContainText(`costs ${price} credits`);
  await expect(dialog.getByTestId("modal-confirm")).toHaveText(`Retry · ${price} credits`);
  await expect(dialog).not.toContainText("progress will not be saved");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await credits(request, user)).toBe(before);
  await expect(page.getByTestId("task-card")).toHaveCount(1);

  await card.getByTestId("task-retry").click();
  await dialog.getByTestId("modal-confirm").click();
  await expect(page.getByTestId("task-card")).toHaveCount(2);
  await expect.poll(() => credits(request, user)).toBe(before - price);
});
