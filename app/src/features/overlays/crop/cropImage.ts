/**
 * The pixel side of the crop dialog. The browser decodes the file (createImageBitmap, EXIF
 * orientation applied) and encodes the result (canvas); core does the rest on RGBA pixels:
 * the size rule (downscaleTarget: a side above min(maxValue, 2000) is downscaled,
 * docs/behaviour/uploads.md#image-crop), the resampling (downscaleRgba, Lanczos3) and the cut
 * (cropRgba). A missing 2D context is the spec's 'canvas getContext fail'
 * (docs/behaviour/uploads.md#image-crop).
 *
 * The pixel functions come from core's imaging module (`@aivg/core/imaging`), its own WebAssembly,
 * which loads with this file only: import it lazily (the crop dialog, an image upload), never from
 * a page's first render.
 */
import { cropRgba, downscaleRgba, isOpaque, type RgbaImage } from "@aivg/core/imaging";
import { type CropRect } from "@aivg/core/rules";
import { downscaleTarget } from "@aivg/core/later";
import type { CropPicture } from "./cropTypes";

/** JPEG quality of an opaque crop result. Decision: high enough for a model input. */
export const CROP_JPEG_QUALITY = 0.92;

/** docs/behaviour/uploads.md#image-crop. */
export const CANVAS_FAIL = "canvas getContext fail";

export interface CropSource extends RgbaImage {
  picture: CropPicture;
}

/** Applies the size rule to decoded pixels: downscaled when a side exceeds min(maxValue, 2000). */
export function sizeForCrop(decoded: RgbaImage, maxValue?: number | null): CropSource {
  const target = downscaleTarget(decoded.width, decoded.height, maxValue ?? null);
  const image = target.downscaled ? downscaleRgba(decoded.pixels, decoded.width, decoded.height, Math.max(target.width, target.height)) : decoded;
  return {
    pixels: image.pixels,
    width: image.width,
    height: image.height,
    picture: {
      width: image.width,
      height: image.height,
      originalWidth: decoded.width,
      originalHeight: decoded.height,
      downscaled: target.downscaled,
    },
  };
}

/** The pixels of the crop rectangle. */
export function cutForCrop(source: RgbaImage, rect: CropRect): RgbaImage {
  return cropRgba(source.pixels, source.width, source.height, rect);
}

function context2d(canvas: HTMLCanvasElement | OffscreenCanvas): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error(CANVAS_FAIL);
  return ctx;
}

function scratchCanvas(width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** An ImageData over core's pixels (a view, not a copy). */
function imageData(image: RgbaImage): ImageData {
  const view = new Uint8ClampedArray(image.pixels.buffer as ArrayBuffer, image.pixels.byteOffset, image.pixels.byteLength);
  return new ImageData(view, image.width, image.height);
}

/** Decodes a picked file to RGBA pixels in the browser. */
export async function decodeFile(file: Blob): Promise<RgbaImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const ctx = context2d(scratchCanvas(bitmap.width, bitmap.height));
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

/** Decodes a file and applies the size rule. */
export async function prepareCropSource(file: Blob, maxValue?: number | null): Promise<CropSource> {
  return sizeForCrop(await decodeFile(file), maxValue);
}

/** Encodes pixels as a file: JPEG when every pixel is opaque, else PNG (keeps transparency). */
export async function encodeRgba(image: RgbaImage): Promise<Blob> {
  const canvas = scratchCanvas(image.width, image.height);
  context2d(canvas).putImageData(imageData(image), 0, 0);
  const opaque = isOpaque(image.pixels);
  const type = opaque ? "image/jpeg" : "image/png";
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality: CROP_JPEG_QUALITY });
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(CANVAS_FAIL))), type, CROP_JPEG_QUALITY));
}

/** Cuts the rectangle and encodes it. */
export async function cropToFile(source: RgbaImage, rect: CropRect): Promise<{ image: Blob; width: number; height: number }> {
  const cut = cutForCrop(source, rect);
  return { image: await encodeRgba(cut), width: cut.width, height: cut.height };
}

/** Paints RGBA pixels on a visible canvas. */
export function paintRgba(canvas: HTMLCanvasElement, image: RgbaImage): void {
  const ctx = context2d(canvas);
  canvas.width = image.width;
  canvas.height = image.height;
  ctx.putImageData(imageData(image), 0, 0);
}
