/**
 * A signed-out visitor walks the site (docs/behaviour/accounts-and-sessions.md#signed-out-visitors):
 * every creation screen, tool and effect page offers "Log in to create", which opens the log-in
 * dialog; "Polish prompt" and the file field open it too instead of calling account-only
 * endpoints; the check-in panel shows no error and its button opens the log-in dialog. Along the
 * way the server never refuses a call for want of a session (no 401) and no error text shows.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 1366, height: 850 } });

/** Every page with a Generate button, as a signed-out visitor reaches it. */
const CREATION_PAGES = [
  "/text-to-video",
  "/image-to-video",
  "/video-to-anime",
  "/video-to-video",
  "/text-to-image",
  "/image-to-image",
  "/text-to-music",
  "/ai-tools/video-enhancer",
  "/ai-tools/image-enhancer",
  "/ai-tools/ai-talking-avatar",
  "/ai-tools/bg-remover",
  "/ai-tools/object-remover",
  "/ai-tools/partial-redrawing",
  "/ai-tools/video-eraser",
  "/ai-tools/audio-tools",
  "/effect/create?tpl_id=1013",
];

/** Records every answer the server refuses for want of a session, and the browser's console errors. */
function watch(page: Page): { refused: string[]; consoleErrors: string[] } {
  const seen = { refused: [] as string[], consoleErrors: [] as string[] };
  page.on("response", (r) => {
    if (r.status() === 401 || r.status() === 403) seen.refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") seen.consoleErrors.push(m.text());
  });
  return seen;
}

async function closeLogin(page: Page): Promise<void> {
  const dialog = page.getByTestId("login-dialog");
  // The close button, not Escape: the focus may be inside the provider's frame, which keeps the key.
  await dialog.locator(".acc-dialog__close").click();
  await expect(dialog).toBeHidden();
}

test("every creation screen offers Log in to create, which opens the log-in dialog", async ({ page }) => {
  test.setTimeout(90_000);
  const seen = watch(page);
  for (const path of CREATION_PAGES) {
    await page.goto(path);
    const button = page.getByRole("button", { name: "Log in to create" });
    await expect(button, path).toBeEnabled();
    await expect(page.getByTestId("generate"), path).toHaveCount(0);
    await button.click();
    await expect(page.getByTestId("login-dialog"), path).toBeVisible();
    await closeLogin(page);
  }
  expect(seen.refused).toEqual([]);
});

test("Polish prompt and the file field invite to log in instead of failing", async ({ page }) => {
  const seen = watch(page);
  const accountCalls: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/v1/ai/prompt") || path.startsWith("/v1/common/oss/token")) accountCalls.push(path);
  });
  let chooserOpened = false;
  page.on("filechooser", () => {
    chooserOpened = true;
  });

  await page.goto("/image-to-video");
  await page.getByTestId("prompt").fill("a lighthouse in a storm");
  await page.getByRole("button", { name: "Polish prompt" }).click();
  await expect(page.getByTestId("login-dialog")).toBeVisible();
  await closeLogin(page);
  // The prompt is the visitor's, untouched; no error toast.
  await expect(page.getByTestId("prompt")).toHaveValue("a lighthouse in a storm");
  await expect(page.getByTestId("toast-error")).toHaveCount(0);

  // The field's own button (the browser's file control is hidden behind it).
  await page.getByTestId("media-input-zone").getByRole("button").click();
  await expect(page.getByTestId("login-dialog")).toBeVisible();
  await closeLogin(page);
  expect(chooserOpened).toBe(false);

  expect(accountCalls).toEqual([]);
  expect(seen.refused).toEqual([]);
  await expect(page.getByText(/something went wrong|log in: no access token/i)).toHaveCount(0);
});

test("the gift panel shows no error: its button opens the log-in dialog", async ({ page }) => {
  const seen = watch(page);
  const statusCalls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/v1/activity/checkin")) statusCalls.push(r.url());
  });
  await page.goto("/text-to-video");
  await page.getByTestId("checkin-gift").click();
  const panel = page.getByTestId("checkin-panel");
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute("data-status", "signed_out");
  await expect(panel.getByRole("alert")).toHaveCount(0);
  await expect(panel).not.toContainText("Failed to fetch");
  await expect(panel.getByTestId("checkin-claim")).toHaveCount(0);
  await expect(panel).toContainText("Check in today and get 3 free credits");

  await panel.getByRole("button", { name: "Log in to check in" }).click();
  await expect(page.getByTestId("login-dialog")).toBeVisible();
  await closeLogin(page);

  expect(statusCalls).toEqual([]);
  expect(seen.refused).toEqual([]);
  // Nothing the visitor did logged an error (a refused call or a missing file would).
  expect(seen.consoleErrors).toEqual([]);
});

for (const { lang, create, checkin } of [
  { lang: "de", create: "Zum Erstellen anmelden", checkin: "Zum Einchecken anmelden" },
  { lang: "jp", create: "ログインして作成", checkin: "ログインしてチェックイン" },
]) {
  test(`in ${lang}, the same invitations, translated`, async ({ page }) => {
    const seen = watch(page);
    await page.goto(`/${lang}/text-to-image`);
    await page.getByRole("button", { name: create }).click();
    await expect(page.getByTestId("login-dialog")).toBeVisible();
    await closeLogin(page);
    await page.getByTestId("checkin-gift").click();
    await page.getByTestId("checkin-panel").getByRole("button", { name: checkin }).click();
    await expect(page.getByTestId("login-dialog")).toBeVisible();
    expect(seen.refused).toEqual([]);
  });
}
