/**
 * The console's Tasks and Engines pages (docs/operations.md#the-operator-console) from the
 * browser: an admin finds a user's failed task, reads its error and refunds it (the user's
 * balance and credit history show the credits back; the button is then gone), and an admin takes
 * the engine server's ComfyUI out of rotation (a new task is not sent to it) and puts it back.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { credits, registerUser, signIn, type TestUser } from "./create-support";
import { engineTest, expect, test } from "./fixtures";
import { serverBinary } from "./server";

test.use({ locale: "en-US" });
engineTest.use({ locale: "en-US" });

/** The console's tab has no serious or critical axe violation (the bar for the console). */
async function noSeriousAxeViolation(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include("#admin-panel").analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

function grantAdmin(dataDir: string | undefined, email: string): void {
  if (!dataDir) throw new Error("the server's data directory is not set (e2e/global-setup.ts)");
  execFileSync(serverBinary(), ["admin", "grant", email], { env: { ...process.env, AIVG_DATA_DIR: dataDir, DATABASE_URL: "" } });
}

async function createTask(request: APIRequestContext, user: TestUser, prompt: string): Promise<string> {
  const res = await request.post("/v1/ai/create/text2image", { data: { data: { prompt } }, headers: { Authorization: `Bearer ${user.token}` } });
  const body = (await res.json()) as { code: number; data: { task_id: string } };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.task_id;
}

async function finished(request: APIRequestContext, user: TestUser, id: string): Promise<{ status: string; error: string | null }> {
  for (let i = 0; i < 300; i += 1) {
    const res = await request.get(`/v1/ai/result/text2image/${id}`, { headers: { Authorization: `Bearer ${user.token}` } });
    const task = ((await res.json()) as { data: { status: string; error: string | null } }).data;
    if (["succeeded", "failed", "cancelled"].includes(task.status)) return task;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

/**
 * A failed task whose credits did not come back. The server refunds every failure itself, so the
 * test makes one as an engine's lost result would leave it: a charged task that ran, marked
 * failed in the database (python3's sqlite3, which the test command already needs).
 */
function markFailed(dataDir: string | undefined, id: string): void {
  if (!dataDir) throw new Error("AIVG_E2E_DATA_DIR is not set (e2e/global-setup.ts)");
  const script =
    "import sqlite3, sys\n" +
    "db = sqlite3.connect(sys.argv[1])\n" +
    "db.execute(\"UPDATE tasks SET status = 'failed', error = 'The engine lost the result.' WHERE task_id = ?\", (sys.argv[2],))\n" +
    "db.commit()\n";
  execFileSync("python3", ["-c", script, join(dataDir, "aivg.db"), id]);
}

test("an admin refunds a user's failed task; the user's balance shows the credits back", async ({ page, request, browser }) => {
  const admin = await registerUser(request);
  const customer = await registerUser(request);
  grantAdmin(process.env.AIVG_E2E_DATA_DIR, admin.email);
  const id = await createTask(request, customer, "a lighthouse at dusk");
  expect((await finished(request, customer, id)).status).toBe("succeeded");
  markFailed(process.env.AIVG_E2E_DATA_DIR, id);
  const before = await credits(request, customer);

  await signIn(page, admin);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Tasks" }).click();
  await page.getByTestId("admin-task-user").fill(customer.email);
  await page.getByTestId("admin-task-status-filter").selectOption("failed");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page.getByTestId("admin-task-row")).toHaveCount(1);
  await expect(page.getByTestId("admin-task-row")).toContainText(customer.email);
  await noSeriousAxeViolation(page);
  await page.getByTestId("admin-task-open").click();
  await expect(page.getByTestId("admin-task-error")).toHaveText("The engine lost the result.");
  await expect(page.getByTestId("admin-task-refunded")).toHaveText("No");
  await noSeriousAxeViolation(page);
  await page.getByTestId("admin-task-refund").click();
  await expect(page.getByTestId("admin-task-note")).toHaveText("The credits were refunded.");
  await expect(page.getByTestId("admin-task-refunded")).toHaveText("Yes");
  await expect(page.getByTestId("admin-task-refund")).toBeDisabled();

  // The customer, in a browser of their own, has the credits back with the refund's line.
  const after = await credits(request, customer);
  expect(after).toBeGreaterThan(before);
  const context = await browser.newContext({ locale: "en-US" });
  const theirs = await context.newPage();
  await signIn(theirs, customer);
  await theirs.goto("/home");
  await theirs.getByTestId("avatar-button").click();
  await theirs.getByTestId("account-panel").getByRole("button", { name: "Credit history" }).click();
  await expect(theirs.getByTestId("credit-history").getByTestId("credit-record").first()).toContainText("Refund: task failed");
  await context.close();

  await page.getByRole("button", { name: "Back to the tasks" }).click();
  await page.getByRole("tab", { name: "Audit trail" }).click();
  // Other tests' admins act at the same time: the refund's row, wherever it is in the list.
  await expect(page.getByTestId("admin-audit-row").filter({ hasText: `task:${id}` })).toHaveCount(1);
});

engineTest("an admin takes the ComfyUI server out of rotation and puts it back", async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await registerUser(request);
  const customer = await registerUser(request);
  grantAdmin(process.env.AIVG_E2E_ENGINE_DATA_DIR, admin.email);
  await signIn(page, admin);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Engines" }).click();
  const server = page.getByTestId("admin-engine").filter({ hasText: "comfyui-1" });
  await expect(server.getByText("Up", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(server.getByTestId("admin-engine-rotation")).toHaveText("In rotation");
  await noSeriousAxeViolation(page);
  try {
    await server.getByRole("button", { name: "Take out of rotation" }).click();
    await expect(page.getByTestId("admin-engines-note")).toHaveText("comfyui-1 takes no new prompt; running ones finish.");
    await expect(server.getByTestId("admin-engine-rotation")).toHaveText("Out of rotation");
    // The only server is out: a new task is not sent to it (it fails, refunded, saying so).
    const id = await createTask(request, customer, "a quiet forest");
    const task = await finished(request, customer, id);
    expect(task.status).toBe("failed");
    expect(task.error).toContain("out of rotation");

    await server.getByRole("button", { name: "Put back in rotation" }).click();
    await expect(server.getByTestId("admin-engine-rotation")).toHaveText("In rotation");
    const again = await createTask(request, customer, "a quiet forest again");
    expect((await finished(request, customer, again)).status).toBe("succeeded");
  } finally {
    // The engine server serves the other engine specs: never leave it out.
    await page.request.post("/v1/admin/engines/comfyui-1/rotation", { data: { in: true }, headers: { Authorization: `Bearer ${admin.token}` } });
  }
});
