/**
 * Every creation screen and AI tool generates on an engine: the second server of the global
 * setup runs every module on the fake ComfyUI (AIVG_COMFYUI_URL). For each, the progress bar
 * moves while the task runs, and the result shows or plays the engine's own file (the bytes the
 * fake serves from /view for one of its prompts in /history) in an element of the module's
 * output media; no preview badge.
 */
import { createHash } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { buyTenCredits, makeJpeg, registerUser, signIn } from "./create-support";
import { engineTest as test, expect } from "./fixtures";
import { makeWav, makeWebm, paintStroke } from "./media";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });
test.setTimeout(120_000);

type Media = "image" | "video" | "audio";

interface Case {
  name: string;
  path: string;
  /** The task call the screen makes. */
  algorithm: string;
  output: Media;
  /** Creation screens and music confirm the price first; tools start at once. */
  confirm: boolean;
  fill: (page: Page) => Promise<void>;
  /** Fields the task must send, with the form of their values. */
  sends: Record<string, RegExp>;
}

const JPG = /\.jpg$/;
const PNG = /\.png$/;
const WEBM = /\.webm$/;
const TEXT = /\S/;

async function uploadJpeg(page: Page, crop: boolean): Promise<void> {
  await page.getByTestId("media-input").setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 640, 480) });
  if (crop) {
    await expect(page.getByTestId("crop-box")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("crop-confirm").click();
  }
  await expect(page.getByTestId("media-input-ready")).toBeVisible({ timeout: 20_000 });
}

async function uploadVideo(page: Page): Promise<void> {
  await page.getByTestId("media-input").setInputFiles({ name: "clip.webm", mimeType: "video/webm", buffer: makeWebm() });
  await expect(page.getByTestId("media-input-ready")).toBeVisible({ timeout: 20_000 });
}

async function paintMask(page: Page, size: [number, number]): Promise<void> {
  const canvas = page.getByTestId("mask-canvas");
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  await expect(canvas).toHaveAttribute("width", String(size[0]));
  await expect(canvas).toHaveAttribute("height", String(size[1]));
  await expect(page.getByTestId("generate")).toBeDisabled();
  await paintStroke(page, canvas, [0.3, 0.4], [0.7, 0.6]);
  await expect(page.getByTestId("generate")).toBeEnabled();
}

const cases: Case[] = [
  {
    name: "text to video",
    path: "/text-to-video",
    algorithm: "text2video",
    output: "video",
    confirm: true,
    sends: { prompt: TEXT, duration: /^10$/ },
    fill: async (page) => {
      await page.getByTestId("prompt").fill("a paper boat drifting down a rainy street");
      await page.getByTestId("duration-10").click();
    },
  },
  {
    name: "image to video",
    path: "/image-to-video",
    algorithm: "image2video",
    output: "video",
    confirm: true,
    sends: { file_path: JPG, prompt: TEXT },
    fill: async (page) => {
      await uploadJpeg(page, true);
      await page.getByTestId("prompt").fill("the picture slowly comes alive");
    },
  },
  { name: "video to anime", path: "/video-to-anime", algorithm: "video2anime", output: "video", confirm: true, sends: { file_path: WEBM }, fill: uploadVideo },
  {
    name: "text to image",
    path: "/text-to-image",
    algorithm: "text2image",
    output: "image",
    confirm: true,
    sends: { prompt: TEXT, aspect_ratio: TEXT },
    fill: async (page) => page.getByTestId("prompt").fill("a lighthouse on a cliff at dawn"),
  },
  {
    name: "image to image",
    path: "/image-to-image",
    algorithm: "image2image",
    output: "image",
    confirm: true,
    sends: { file_path: JPG, prompt: TEXT },
    fill: async (page) => {
      await uploadJpeg(page, true);
      await page.getByTestId("prompt").fill("make it a watercolour");
    },
  },
  {
    name: "music",
    path: "/text-to-music",
    algorithm: "mai_tcm",
    output: "audio",
    confirm: true,
    sends: { prompt: TEXT, duration: /^\d+$/ },
    fill: async (page) => page.getByTestId("prompt").fill("calm piano over soft rain"),
  },
  {
    name: "song",
    path: "/text-to-music?tab=song",
    algorithm: "mai_text2song_minimax",
    output: "audio",
    confirm: true,
    sends: { prompt: TEXT, lyrics: TEXT },
    fill: async (page) => {
      await page.getByTestId("prompt").fill("warm acoustic ballad");
      await page.getByTestId("lyrics").fill("under the moon we sing along tonight");
    },
  },
  {
    name: "image enhancer",
    path: "/ai-tools/image-enhancer",
    algorithm: "mai_imagesharpen",
    output: "image",
    confirm: false,
    sends: { file_path: JPG },
    fill: (page) => uploadJpeg(page, false),
  },
  {
    name: "video enhancer",
    path: "/ai-tools/video-enhancer",
    algorithm: "mai_vqe",
    output: "video",
    confirm: false,
    sends: { file_path: WEBM },
    fill: uploadVideo,
  },
  {
    name: "background remover",
    path: "/ai-tools/bg-remover",
    algorithm: "mai_fs",
    output: "image",
    confirm: false,
    sends: { file_path: JPG },
    fill: (page) => uploadJpeg(page, false),
  },
  {
    name: "object remover",
    path: "/ai-tools/object-remover",
    algorithm: "photomaker_imagefix",
    output: "image",
    confirm: false,
    sends: { file_path: JPG, mask_path: PNG },
    fill: async (page) => {
      await uploadJpeg(page, false);
      await paintMask(page, [640, 480]);
    },
  },
  {
    name: "partial redraw",
    path: "/ai-tools/partial-redrawing",
    algorithm: "inpaint_clothes",
    output: "image",
    confirm: false,
    sends: { file_path: JPG, mask_path: PNG, prompt: /^a red wool scarf$/ },
    fill: async (page) => {
      await uploadJpeg(page, false);
      await paintMask(page, [640, 480]);
      await page.getByTestId("tool-text").fill("a red wool scarf");
    },
  },
  {
    name: "talking avatar from an audio file",
    path: "/ai-tools/ai-talking-avatar",
    algorithm: "talking_face",
    output: "video",
    confirm: false,
    sends: { file_path: JPG, audio_path: /\.wav$/ },
    fill: async (page) => {
      await page.getByTestId("mode-talking_face").click();
      await uploadJpeg(page, false);
      await expect(page.getByTestId("generate-hint")).toHaveText("Upload the audio to speak.");
      await page.getByTestId("audio-input").setInputFiles({ name: "hello.wav", mimeType: "audio/wav", buffer: makeWav() });
      await expect(page.getByTestId("audio-input-ready")).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    name: "talking avatar from text",
    path: "/ai-tools/ai-talking-avatar",
    algorithm: "talking_face_tts",
    output: "video",
    confirm: false,
    sends: { file_path: JPG, prompt: /^Hello there, and welcome to my channel\.$/, voice_id: TEXT },
    fill: async (page) => {
      await page.getByTestId("mode-talking_face_tts").click();
      await uploadJpeg(page, false);
      await page.getByTestId("tool-text").fill("Hello there, and welcome to my channel.");
    },
  },
  {
    name: "video eraser",
    path: "/ai-tools/video-eraser",
    algorithm: "tool_vrw",
    output: "video",
    confirm: false,
    sends: { file_path: WEBM, mask_path: PNG },
    fill: async (page) => {
      await uploadVideo(page);
      // The mask is painted over the video's first frame, at the video's size.
      await paintMask(page, [320, 240]);
    },
  },
];

const ELEMENT: Record<Media, string> = { image: "result-image", video: "result-video", audio: "result-audio" };

function sha(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Every file the fake ComfyUI made, as listed in its /history and served by /view. */
async function engineFiles(request: APIRequestContext, comfy: string): Promise<Set<string>> {
  const history = (await (await request.get(`${comfy}/history`)).json()) as unknown;
  const refs: { filename: string; subfolder: string; type: string }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (typeof o.filename === "string") refs.push({ filename: o.filename, subfolder: String(o.subfolder ?? ""), type: String(o.type ?? "output") });
      else Object.values(o).forEach(walk);
    }
  };
  walk(history);
  const hashes = new Set<string>();
  for (const r of refs) {
    const res = await request.get(`${comfy}/view?${new URLSearchParams(r).toString()}`);
    if (res.ok()) hashes.add(sha(await res.body()));
  }
  return hashes;
}

/** Records every value the result's progress bar takes (a MutationObserver in the page). */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    const look = () => {
      const bar = document.querySelector<HTMLProgressElement>('[data-testid="create-result"] progress');
      if (bar && seen[seen.length - 1] !== bar.value) seen.push(bar.value);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["value"] });
  });
}

for (const c of cases) {
  test(`${c.name} generates on the engine and shows its ${c.output}`, async ({ page, request, comfyOrigin }) => {
    const user = await registerUser(request);
    // Five sign-up credits and two ten-credit packs: enough for the dearest module.
    await buyTenCredits(request, user);
    await buyTenCredits(request, user);
    await signIn(page, user);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(c.path);
    await c.fill(page);
    await recordProgress(page);
    const [create] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(`/v1/ai/create/${c.algorithm}`)),
      (async () => {
        await page.getByTestId("generate").click();
        if (c.confirm) await page.getByTestId("modal-confirm").click();
      })(),
    ]);
    const sent = (create.postDataJSON() as { data: Record<string, unknown> }).data;
    for (const [field, form] of Object.entries(c.sends)) expect(String(sent[field] ?? ""), field).toMatch(form);

    const result = page.getByTestId("create-result");
    await expect(result).toHaveAttribute("data-status", "succeeded", { timeout: 90_000 });
    const element = result.getByTestId(ELEMENT[c.output]);
    await expect(element).toBeVisible();
    await expect(result.getByTestId("preview-badge")).toHaveCount(0);

    // The bar moved: it showed a value between start and end before the result came.
    const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(
      progress.some((v) => v > 0 && v < 100),
      `progress values seen: ${progress.join(", ")}`,
    ).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    // The element holds the engine's own file and the browser can decode it.
    const src = await element.getAttribute("src");
    expect(src).toBeTruthy();
    const bytes = await (await request.get(src ?? "")).body();
    expect((await engineFiles(request, comfyOrigin)).has(sha(bytes))).toBe(true);
    if (c.output === "image") {
      await expect.poll(() => element.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    } else {
      await expect.poll(() => element.evaluate((m: HTMLMediaElement) => m.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      await expect.poll(() => element.evaluate((m: HTMLMediaElement) => m.duration)).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
  });
}
