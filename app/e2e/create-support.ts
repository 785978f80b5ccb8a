/**
 * Helpers of the create-*.spec.ts browser tests: a fresh user per test straight from the server's
 * API (register → code → token), the token put where core's HTTP client reads it (session storage
 * "aivg.access_token"), the user's credits, and real JPEG files encoded by the browser.
 */
import type { APIRequestContext, Page } from "@playwright/test";

let seq = 0;

export interface TestUser {
  token: string;
  email: string;
}

interface Envelope<T> {
  code: number;
  data: T;
  msg?: string;
}

async function post<T>(request: APIRequestContext, path: string, body: unknown, token?: string): Promise<T> {
  const res = await request.post(path, {
    data: body,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const json = (await res.json()) as Envelope<T>;
  if (!res.ok() || json.code !== 0) throw new Error(`${path} answered HTTP ${res.status()}: ${JSON.stringify(json)}`);
  return json.data;
}

/** Registers a new user (5 sign-up credits, docs/behaviour/credits-and-checkin.md#credits) and answers its access token. */
export async function registerUser(request: APIRequestContext): Promise<TestUser> {
  seq += 1;
  const email = `create-${Date.now().toString(36)}-${seq}@example.test`;
  const { code } = await post<{ code: string }>(request, "/account/register", { email, password: "correct horse battery 42" });
  const { access_token } = await post<{ access_token: string }>(request, "/v1/oauth/token", { code });
  return { token: access_token, email };
}

/**
 * Signs the page in before any script runs: the token where the package's HTTP client reads it
 * when there is no token cookie (session storage), as a tab of its own would have it.
 */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.addInitScript((token) => {
    sessionStorage.setItem("aivg.access_token", token);
    // The daily check-in popup shows itself to a user who has not closed it this cycle
    // (docs/behaviour/credits-and-checkin.md#daily-check-in); these tests are about creation, so
    // the user "closed" it just now.
    localStorage.setItem("aivg.checkin-closed-at", String(Date.now()));
    localStorage.setItem("aivg.ad-slot.pc_popup", JSON.stringify({ closedAt: Date.now() }));
  }, user.token);
  // Should the shell still open its own popups (advertisement, check-in) over the screen under
  // test, they are closed the way a user would before the next action.
  await closeShellPopups(page, /^(Special offer|Daily check-in)$/);
}

/**
 * Closes the shell's unsolicited popups whose heading matches, whenever one covers the page, with
 * their close button: a click waits until the dialog takes it, where an early Escape is lost
 * (the dialog's key listener is attached an effect after it shows, and a key typed while the
 * focus is still in the log-in frame goes to that frame).
 */
export async function closeShellPopups(page: Page, heading: RegExp): Promise<void> {
  const popup = page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: heading }) });
  await page.addLocatorHandler(popup, async () => {
    await popup.locator(".acc-dialog__close").click();
  });
}

/** Buys a 10-credit pack (SKU 24120010) in the server's built-in test store, as its page would. */
export async function buyTenCredits(request: APIRequestContext, user: TestUser): Promise<void> {
  await post(request, "/store/checkout/pay", { sku_id: 24120010, zero: 0, session: "e2e" }, user.token);
}

/** The user's credit balance as the server has it. */
export async function credits(request: APIRequestContext, user: TestUser): Promise<number> {
  const info = await post<{ integral: { integral: number } }>(request, "/v1/user", {}, user.token);
  return Number(info.integral.integral);
}

/** A real JPEG of the given size (a gradient, encoded by the browser's own encoder). */
export async function makeJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no 2d context");
      const g = ctx.createLinearGradient(0, 0, w, h);
      g.addColorStop(0, "#2050ff");
      g.addColorStop(1, "#ffb020");
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(w / 4, h / 4, w / 2, h / 2);
      const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = "";
      for (const b of bytes) text += String.fromCharCode(b);
      return btoa(text);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, "base64");
}

/**
 * The server's test hooks (`[fail]` / `[slow]` prompts, AIVG_TASK_TEST_HOOKS=1) must be on for
 * the refund tests: a `[fail]` text-to-image task must end failed. Throws a clear message if not.
 */
export async function requireTaskTestHooks(request: APIRequestContext, user: TestUser): Promise<void> {
  const created = await post<{ task_id: string }>(request, "/v1/ai/create/text2image", { data: { prompt: "[fail] probe" } }, user.token);
  for (let i = 0; i < 100; i += 1) {
    const { list } = await post<{ list: { status: string }[] }>(request, "/v1/ai/result/batch", { task_ids: [created.task_id] }, user.token);
    const status = list[0]?.status;
    if (status === "failed") return;
    if (status === "succeeded") {
      throw new Error("the server runs without AIVG_TASK_TEST_HOOKS=1: start it with that variable (e2e/server.ts env)");
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error("the probe task did not finish");
}
