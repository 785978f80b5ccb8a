/**
 * Before paying, a video module's screen says what it will make of the uploaded video: its size
 * and length, here the first 81 frames of a longer clip (core's `videoOutput`,
 * docs/behaviour/tasks-and-queue.md#video-inputs), in the page's language; and a video too large
 * for the tool is refused on the screen, as the server would refuse it.
 */
import { buyTenCredits, registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";
import { ffmpegWebm } from "./media";

test.use({ viewport: { width: 1366, height: 850 } });

/** 4 s at 30 fps: 120 frames, more than Wan VACE's 81. */
const longClip = () => ffmpegWebm("testsrc=size=320x180:rate=30", ["-t", "4", "-b:v", "200k"]);

for (const [prefix, text] of [
  ["", "Made at 960 × 544, first 81 frames (2.7 s)"],
  ["/de", "Wird in 960 × 544 erstellt, die ersten 81 Bilder (2,7 s)"],
] as const) {
  test(`${prefix || "/"} video to video shows the size and frames it makes before paying`, async ({ page, request }) => {
    const user = await registerUser(request);
    await buyTenCredits(request, user);
    await signIn(page, user);
    let created = false;
    page.on("request", (r) => {
      if (r.url().includes("/v1/ai/create/")) created = true;
    });
    await page.goto(`${prefix}/video-to-video`);
    await page.getByTestId("media-input").setInputFiles({ name: "long.webm", mimeType: "video/webm", buffer: longClip() });
    const made = page.getByTestId("media-input-made");
    await expect(made).toHaveText(text, { timeout: 20_000 });
    await expect(made).toHaveAttribute("data-frames", "81");
    expect(created).toBe(false);
  });
}

test("the video eraser refuses a video larger than it can process, on the screen", async ({ page, request }) => {
  const user = await registerUser(request);
  await buyTenCredits(request, user);
  await signIn(page, user);
  await page.goto("/ai-tools/video-eraser");
  const big = ffmpegWebm("color=c=gray:size=2560x1440:rate=10", ["-frames:v", "2", "-b:v", "100k"]);
  await page.getByTestId("media-input").setInputFiles({ name: "big.webm", mimeType: "video/webm", buffer: big });
  await expect(page.getByTestId("media-input-refused")).toContainText("at most 1920 × 1080 pixels a frame", { timeout: 20_000 });
});
