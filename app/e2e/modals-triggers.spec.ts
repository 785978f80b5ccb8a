/**
 * The shell's modals opened from their real triggers against the real server
 * (docs/behaviour/languages-and-routes.md#overlays "Overlays of the shell"): the feedback page from
 * the account panel (docs/behaviour/languages-and-routes.md#overlays, its query of
 * docs/behaviour/calls-and-errors.md#request-rules, the success toast of
 * docs/behaviour/calls-and-errors.md#toasts), the effect detail tip from an effect, the audio edit
 * choice from a music template picked over the user's own prompt (first option preselected,
 * docs/behaviour/tasks-and-queue.md#templates), the auto-clip go-back from cancelling a changed
 * crop, and the template list's "Load more" (docs/behaviour/tasks-and-queue.md#templates: pages of
 * 25 while fewer than the total are loaded).
 *
 * The build has no feedback page (a deployment names one with VITE_FEEDBACK_URL), so the test
 * serves its own at a path of the site and gives its address through the test hook.
 */
import type { Page } from "@playwright/test";
import { closeShellPopups, makeJpeg, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

const FEEDBACK_PATH = "/e2e-feedback/form";

/** A feedback page as a feedback service would embed it: a form that tells its parent when sent. */
const FEEDBACK_PAGE = `<!doctype html><html><body>
<form id="f"><label for="m">Message</label><textarea id="m" required></textarea><button type="submit">Send</button></form>
<script>
document.getElementById("f").addEventListener("submit", (e) => {
  e.preventDefault();
  parent.postMessage({ action: "feedback-success", data: {} }, "*");
});
</script></body></html>`;

/**
 * A guest's page where the shell's own popups (daily check-in, advertisement) stay out of the
 * way, as `signIn` arranges for users: closed just now, and closed with its close button should one come.
 */
async function asGuest(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem("aivg.checkin-closed-at", String(Date.now()));
    localStorage.setItem("aivg.ad-slot.pc_popup", JSON.stringify({ closedAt: Date.now() }));
  });
  await closeShellPopups(page, /^(Special offer|Daily check-in)$/);
}

test("feedback: the account panel opens the embedded page with the user's query; a sent feedback shows the success toast", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.addInitScript((path) => {
    const w = window as unknown as { __AIVG_TEST_HOOKS__: boolean; __AIVG_FEEDBACK_URL__: string };
    w.__AIVG_TEST_HOOKS__ = true;
    w.__AIVG_FEEDBACK_URL__ = path;
  }, FEEDBACK_PATH);
  await page.route(`**${FEEDBACK_PATH}?**`, (route) => route.fulfill({ contentType: "text/html", body: FEEDBACK_PAGE }));

  await page.goto("/home");
  await page.getByTestId("avatar-button").click();
  const [frameRequest] = await Promise.all([page.waitForRequest((r) => r.url().includes(FEEDBACK_PATH)), page.getByTestId("account-feedback").click()]);
  const modal = page.getByTestId("modal-feedback");
  await expect(modal.locator(".aivg-modal__title")).toHaveText("Feedback");

  const query = new URL(frameRequest.url()).searchParams;
  expect(query.get("fid")).toBe("5903");
  expect(query.get("lang")).toBe("en");
  expect(query.get("embed")).toBe("1");
  expect(["dark", "light"]).toContain(query.get("theme"));
  const source = JSON.parse(query.get("source") ?? "{}") as Record<string, unknown>;
  const me = (await (await request.post("/v1/user", { data: {}, headers: { Authorization: `Bearer ${user.token}` } })).json()).data as { uid: string };
  expect(source).toMatchObject({ token: user.token, uid: me.uid, user_type: "free", app_id: 5903 });
  expect(source.device_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(source.app_version).toEqual(expect.any(String));
  expect(source.app_version).not.toBe("");

  const frame = page.frameLocator('[data-testid="feedback-frame"]');
  await frame.getByLabel("Message").fill("The music screen is lovely.");
  await frame.getByRole("button", { name: "Send" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText("Thank you! Your feedback has been sent.")).toBeVisible();
});

test("feedback: a site without a feedback page offers no feedback action", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  await page.goto("/home");
  await page.getByTestId("avatar-button").click();
  await expect(page.getByTestId("account-panel")).toBeVisible();
  await expect(page.getByTestId("account-feedback")).toHaveCount(0);
});

test("the avatar's popover opens even when it is clicked while its code still loads", async ({ page, request }) => {
  // The account popover is its own chunk (docs/performance.md); hold it back so the click lands first.
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route(/\/assets\/AccountMenu-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, await registerUser(request));
  await page.goto("/home");
  await page.getByTestId("avatar-button").click();
  release();
  await expect(page.getByTestId("account-panel")).toBeVisible();
});

test("effect detail tip: How it works explains the effect with its preview", async ({ page, request }) => {
  await asGuest(page);
  const info = (await (await request.get("/v1/workflow/info?id=1001")).json()).data as { name: string; preview_url: string };
  await page.goto("/effect/create?tpl_id=1001");
  await page.getByTestId("effect-tip").click();
  const tip = page.getByTestId("modal-effectDetailTip");
  await expect(tip.getByRole("heading", { name: info.name })).toBeVisible();
  await expect(tip).toContainText("Upload a clear photo of one person facing the camera");
  await expect(tip.locator("img")).toHaveAttribute("src", info.preview_url);
  await tip.getByRole("button", { name: "Got it" }).click();
  await expect(tip).toBeHidden();

  // A two-person effect asks for a photo of each person.
  await page.goto("/effect/create?tpl_id=1013");
  await page.getByTestId("effect-tip").click();
  await expect(page.getByTestId("modal-effectDetailTip")).toContainText("Upload one clear photo of each person");
});

test("audio edit choice: a template picked over the user's own prompt asks how to use it", async ({ page, request }) => {
  await asGuest(page);
  interface Wire {
    name: string;
    info: { prompt: string; style: string; duration: number };
  }
  const listed = (await (await request.get("/v1/workflow/list?fun_module=music&fun_category=8")).json()).data as { list: Wire[] };
  const [first, second] = listed.list as [Wire, Wire];
  const mine = "my own lo-fi idea with soft rain and a slow piano";

  await page.goto("/text-to-music");
  await page.getByTestId("prompt").fill(mine);
  const pick = async (tpl: Wire) => {
    await page.getByTestId("music-templates").click();
    const list = page.getByTestId("modal-templateList");
    await list.getByRole("tab", { name: "Chill" }).click();
    await list.getByRole("tabpanel", { name: "Chill" }).locator(".aivg-audio-item").filter({ hasText: tpl.name }).getByRole("button", { name: "Use" }).click();
    await expect(list).toBeHidden();
  };

  await pick(first);
  const choice = page.getByTestId("modal-audioEditChoice");
  await expect(choice.getByRole("heading", { name: `How should “${first.name}” change your music?` })).toBeVisible();
  const all = choice.getByRole("radio", { name: "Use the template's prompt, style and length" });
  const keep = choice.getByRole("radio", { name: "Keep my prompt, take only the style and length" });
  await expect(all).toBeChecked();
  await keep.check();
  await choice.getByRole("button", { name: "Confirm" }).click();
  await expect(choice).toBeHidden();
  await expect(page.getByTestId("prompt")).toHaveValue(mine);
  await expect(page.getByRole("slider", { name: "Length" })).toHaveValue(String(first.info.duration));
  await expect(page.getByRole("radio", { name: first.info.style })).toHaveAttribute("aria-checked", "true");

  // The preselected first option takes the template's prompt too.
  await pick(second);
  await expect(choice.getByRole("radio", { name: "Use the template's prompt, style and length" })).toBeChecked();
  await choice.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("prompt")).toHaveValue(second.info.prompt);

  // With the template's own prompt in the box there is nothing to lose: no question.
  await pick(second);
  await expect(page.getByTestId("prompt")).toHaveValue(second.info.prompt);
  await expect(choice).toHaveCount(0);
});

test("auto-clip go-back: cancelling a changed crop asks first; an untouched one closes at once", async ({ page, request }) => {
  // Uploading needs an account (docs/behaviour/accounts-and-sessions.md#signed-out-visitors).
  await signIn(page, await registerUser(request));
  await page.goto("/effect/create?tpl_id=1001");
  const jpeg = await makeJpeg(page, 800, 600);
  const choose = async () => {
    await page.getByTestId("tpl-file_path").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
  };
  const crop = page.getByTestId("modal-imageCrop");
  const goBack = page.getByTestId("modal-autoClipGoBack");

  await choose();
  await page.getByTestId("crop-cancel").click();
  await expect(crop).toBeHidden();
  await expect(goBack).toHaveCount(0);

  await choose();
  await page.getByTestId("crop-zoom-in").click();
  await page.getByTestId("crop-cancel").click();
  await expect(goBack.getByRole("heading", { name: "Discard your crop?" })).toBeVisible();
  await expect(goBack).toContainText("Going back discards the crop you adjusted");
  await goBack.getByTestId("modal-cancel").click();
  await expect(goBack).toBeHidden();
  await expect(crop).toBeVisible();

  // Escape asks the same question; Yes discards the crop and nothing is uploaded. The key is
  // pressed once the crop dialog has the focus back (pressed earlier, on a loaded machine, it
  // reached no dialog).
  await expect.poll(() => crop.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(goBack).toBeVisible();
  await goBack.getByTestId("modal-confirm").click();
  await expect(crop).toBeHidden();
  await expect(page.getByTestId("tpl-file_path-ready")).toHaveCount(0);
});

test("template list: Load more fetches the next page of 25 and hides when nothing is left", async ({ page, request }) => {
  await asGuest(page);
  const total = ((await (await request.get("/v1/workflow/list?fun_module=effect&page_size=1")).json()).data as { paginate: { total: number } }).paginate.total;
  expect(total).toBeGreaterThan(50);

  await page.goto("/template");
  await page.getByRole("button", { name: "Browse templates", exact: true }).click();
  const modal = page.getByTestId("modal-templateList");
  await expect(modal.getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
  const panel = modal.getByRole("tabpanel", { name: "All" });
  const items = panel.locator(".aivg-audio-item");
  const more = panel.getByTestId("template-load-more");
  await expect(items).toHaveCount(25);

  for (const [pageNo, shown] of [
    [2, 50],
    [3, Math.min(total, 75)],
  ] as const) {
    const [call] = await Promise.all([page.waitForRequest((r) => r.url().includes("/v1/workflow/list")), more.click()]);
    const query = new URL(call.url()).searchParams;
    expect(Object.fromEntries(["page", "page_size", "fun_module", "fun_category"].map((k) => [k, query.get(k)]))).toEqual({
      page: String(pageNo),
      page_size: "25",
      fun_module: "effect",
      fun_category: null,
    });
    await expect(items).toHaveCount(shown);
  }
  await expect(more).toHaveCount(total > 75 ? 1 : 0);
  const names = await items.locator("strong").allTextContents();
  expect(new Set(names).size).toBe(names.length);

  // A category the first page holds whole offers no more.
  await modal.getByRole("tab", { name: "Trending" }).click();
  await expect(modal.getByRole("tabpanel", { name: "Trending" }).locator(".aivg-audio-item").first()).toBeVisible();
  await expect(modal.getByTestId("template-load-more")).toHaveCount(0);
});
