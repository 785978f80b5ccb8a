/**
 * Media for the upload tests: a short WebM (VP8, made by Debian's ffmpeg, which scripts/setup.sh
 * installs) and a WAV tone written here; painting on the mask canvas with mouse or touch; and
 * the pixels of a PNG decoded by the browser.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";

let video: Buffer | null = null;

/** A WebM that ffmpeg makes from lavfi `source` with `args`, read back; no file is left behind. */
export function ffmpegWebm(source: string, args: string[] = []): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "aivg-e2e-media-"));
  const out = join(dir, "clip.webm");
  try {
    execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", source, ...args, "-c:v", "libvpx", "-y", out]);
    if (!existsSync(out)) throw new Error("ffmpeg made no test video");
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 1-second 320×240 WebM test pattern (cached for the run). */
export function makeWebm(): Buffer {
  video ??= ffmpegWebm("testsrc=size=320x240:rate=24", ["-t", "1", "-b:v", "300k"]);
  return video;
}

/** A mono 16-bit WAV of a 440 Hz tone. */
export function makeWav(seconds = 1, rate = 16000): Buffer {
  const samples = Math.round(seconds * rate);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write("RIFF", 0, "ascii");
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write("WAVEfmt ", 8, "ascii");
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36, "ascii");
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  return buf;
}

/** A mouse stroke over the canvas between two points given as shares of its box. */
export async function paintStroke(page: Page, canvas: Locator, from: [number, number], to: [number, number]): Promise<void> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error("the mask canvas has no box");
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 8 });
  await page.mouse.up();
}

/** The RGBA pixels of a PNG, decoded by the browser. */
export async function pngPixels(page: Page, png: Buffer): Promise<{ width: number; height: number; pixels: number[] }> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d context");
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    return { width: bitmap.width, height: bitmap.height, pixels: Array.from(data) };
  }, png.toString("base64"));
}
