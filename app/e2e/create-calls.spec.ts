/**
 * Calls the creation screens make from the user's side: after a video is uploaded, the length and
 * size shown under it are the server's reading of the stored file (`GET /v1/common/oss/mediainfo`,
 * docs/behaviour/uploads.md#uploads); and a standard user past the month's translate minutes
 * (docs/behaviour/tasks-and-queue.md#minute-metered-tools: 15) is told so on the audio tools page,
 * with the month's use shown there.
 */
import type { APIRequestContext } from "@playwright/test";
import { registerUser, signIn, type TestUser } from "./create-support";
import { expect, test } from "./fixtures";
import { ffmpegWebm, makeWebm } from "./media";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

/** A `seconds`-long 16×16 WebM at one frame a second (minutes long, a few kB). */
function longWebm(seconds: number): Buffer {
  return ffmpegWebm(`color=c=blue:s=16x16:r=1:d=${seconds}`);
}

/** `m:ss` of a length, as the screen writes it. */
function clock(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Puts the user on the standard plan through the server's test store (no payment). */
async function buyStandard(request: APIRequestContext, user: TestUser): Promise<void> {
  const res = await request.post("/store/checkout/pay", {
    data: { sku_id: 24109013, zero: 0, session: "e2e" },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test("the uploaded video's length and size are the server's reading", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/video-to-anime");
  const reading = page.waitForResponse((r) => r.url().includes("/v1/common/oss/mediainfo"));
  await page.getByTestId("media-input").setInputFiles({ name: "clip.webm", mimeType: "video/webm", buffer: makeWebm() });
  const answer = (await (await reading).json()) as { data: { duration: number; size: number; width: number; height: number } };
  expect(answer.data.duration).toBeGreaterThan(0);
  expect(answer.data.size).toBe(makeWebm().length);

  const facts = page.getByTestId("media-input-info");
  await expect(facts).toHaveAttribute("data-duration", String(answer.data.duration));
  await expect(facts).toHaveAttribute("data-size", String(answer.data.size));
  const kb = new Intl.NumberFormat("en-US", { style: "unit", unit: "kilobyte", maximumFractionDigits: 1 }).format(answer.data.size / 1000);
  await expect(facts).toHaveText(`${clock(answer.data.duration)} · ${kb}`);
  // The browser does not probe the video's size: the width and height shown are the server's too.
  await expect(page.getByTestId("media-input-ready")).toHaveAttribute("data-width", String(answer.data.width));
  await expect(page.getByTestId("media-input-ready")).toContainText(`${answer.data.width} × ${answer.data.height} px`);
});

test("a standard user over the month's translate minutes is told so", async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await registerUser(request);
  await buyStandard(request, user);
  await signIn(page, user);
  await page.goto("/ai-tools/audio-tools");
  await expect(page.getByRole("heading", { level: 1, name: "AI Audio Tools" })).toBeVisible();
  await page.getByTestId("mode-video_translate").click();
  const note = page.getByTestId("minutes-note");
  await expect(note).toHaveText(/^Translation: 0:00 of 15:00 min used this month · renews /);

  // Ten minutes of video: accepted, and the page counts them.
  await page.getByTestId("media-input").setInputFiles({ name: "ten.webm", mimeType: "video/webm", buffer: longWebm(600) });
  await expect(page.getByTestId("media-input-info")).toContainText("10:00");
  await page.getByTestId("generate").click();
  // The content check samples frames across the whole video first (a few seconds on a busy machine).
  await expect(page.getByTestId("create-result")).toBeVisible({ timeout: 60_000 });
  await expect(note).toHaveAttribute("data-used", "600");
  await expect(note).toContainText("10:00 of 15:00 min used this month");

  // Six more do not fit in the five left: the message, and the way to a plan without a limit.
  await page.getByTestId("media-input").setInputFiles({ name: "six.webm", mimeType: "video/webm", buffer: longWebm(360) });
  await expect(page.getByTestId("media-input-info")).toContainText("6:00");
  await page.getByTestId("generate").click();
  await expect(page.getByTestId("create-error")).toHaveText("This month's minutes for this tool are used up. They renew on the 1st; Premium has no limit.", {
    timeout: 60_000,
  });
  await expect(page.getByTestId("upgrade-plan")).toBeVisible();
  await expect(note).toHaveAttribute("data-used", "600");
});
