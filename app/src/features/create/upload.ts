/**
 * Uploads (docs/behaviour/uploads.md#uploads "/v1/common/oss/token"; the server's grant:
 * `{upload_url, method, oss_path, headers}`, see server/src/uploads/grants.rs). Images are
 * downscaled in WASM first when a side exceeds core's limit (downscaleTarget,
 * docs/behaviour/uploads.md#image-crop), so a phone photo never travels at full size. Running out
 * of cloud storage opens the drive-space modal (docs/behaviour/uploads.md#uploads).
 */
import { getOssMediaInfo, getOssToken, requestConstants, type HttpError, type OssTokenParams } from "@aivg/core/rules";
import { openModal } from "../overlays/modalAtoms";

/** The server's "not enough space" code (HTTP 507), from core. */
export const CODE_NOT_ENOUGH_SPACE = requestConstants().notEnoughSpaceCode;
const HTTP_INSUFFICIENT_STORAGE = 507;

export interface UploadedFile {
  ossPath: string;
  kind: "image" | "video" | "audio";
  /** Object URL of what was uploaded, for the screen's preview. */
  previewUrl: string;
  width: number;
  height: number;
  /** What the server read from the stored file (`GET /v1/common/oss/mediainfo`), when it answered. */
  info?: MediaInfo;
}

/** The server's reading of a stored file (docs/behaviour/uploads.md#uploads `oss/mediainfo`; fields in uploads/grants.rs). */
export interface MediaInfo {
  width: number;
  height: number;
  /** Bytes. */
  size: number;
  /** Seconds; 0 for pictures or when the server could not read it. */
  duration: number;
  /** A video's frames a second and frame count; 0 when unknown. */
  fps: number;
  frames: number;
  mediaType: string;
}

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0;
}

/** Reads the mediainfo answer; null when it is not one. */
export function readMediaInfo(raw: unknown): MediaInfo | null {
  if (!raw || typeof raw !== "object") return null;
  const o = raw as Record<string, unknown>;
  if (typeof o.size !== "number") return null;
  return {
    width: num(o.width),
    height: num(o.height),
    size: num(o.size),
    duration: num(o.duration),
    fps: num(o.fps),
    frames: num(o.frames),
    mediaType: String(o.media_type ?? ""),
  };
}

/**
 * Adds the server's reading of the uploaded file: the length and size the creation screens show
 * (docs/behaviour/uploads.md#uploads), and the width and height of a video, which the browser does
 * not probe here. A failed reading leaves the upload as it is (the screen then shows what it knew).
 */
export async function withMediaInfo(file: UploadedFile): Promise<UploadedFile> {
  try {
    const info = readMediaInfo(await getOssMediaInfo({ oss_path: file.ossPath }));
    if (!info) return file;
    const sized = file.width > 0 ? {} : { width: info.width, height: info.height };
    return { ...file, ...sized, info };
  } catch (e) {
    console.warn("media info not read", e);
    return file;
  }
}

interface Grant {
  upload_url: string;
  method?: string;
  oss_path: string;
  headers?: Record<string, string>;
}

function readGrant(raw: unknown): Grant {
  const g = (raw ?? {}) as Partial<Grant>;
  if (typeof g.upload_url !== "string" || typeof g.oss_path !== "string") {
    throw new Error("the upload grant has no upload_url or oss_path");
  }
  return { upload_url: g.upload_url, method: g.method, oss_path: g.oss_path, headers: g.headers ?? {} };
}

function driveSpace(): never {
  openModal("driveSpace", {});
  throw new Error("not enough cloud storage");
}

const EXT_BY_TYPE: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
};

/** The extension the server should store a blob under. */
export function extensionOf(blob: Blob, name = ""): string {
  const fromType = EXT_BY_TYPE[blob.type];
  if (fromType) return fromType;
  const dot = name.lastIndexOf(".");
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : "bin";
}

/** Uploads bytes for an algorithm and answers the oss path. */
export async function uploadBlob(algorithm: string, blob: Blob, ext: string): Promise<string> {
  let grant: Grant;
  try {
    // The server also reads `ext` and `size` (quota checked before the bytes travel).
    const params = { algorithm, ext, size: String(blob.size) } as OssTokenParams;
    grant = readGrant(await getOssToken(params));
  } catch (e) {
    if ((e as Partial<HttpError>).code === CODE_NOT_ENOUGH_SPACE) driveSpace();
    throw e;
  }
  const res = await fetch(grant.upload_url, { method: grant.method ?? "PUT", body: blob, headers: grant.headers });
  if (res.status === HTTP_INSUFFICIENT_STORAGE) driveSpace();
  if (!res.ok) throw new Error(`upload failed (HTTP ${res.status})`);
  return grant.oss_path;
}

/** Uploads a picked image as it is, or downscaled in WASM when a side is over the limit. */
export async function uploadImage(algorithm: string, file: Blob, name = "", maxValue?: number | null): Promise<UploadedFile> {
  // The pixel work (and core's imaging WebAssembly) loads on the first image upload, not with the page.
  const { decodeFile, encodeRgba, sizeForCrop } = await import("../overlays/crop/cropImage");
  const sized = sizeForCrop(await decodeFile(file), maxValue);
  const blob = sized.picture.downscaled ? await encodeRgba(sized) : file;
  const ossPath = await uploadBlob(algorithm, blob, extensionOf(blob, name));
  return { ossPath, kind: "image", previewUrl: URL.createObjectURL(blob), width: sized.width, height: sized.height };
}

/** Uploads a video or audio file as it is (the server probes it). */
export async function uploadMedia(algorithm: string, file: File, kind: "video" | "audio"): Promise<UploadedFile> {
  const ossPath = await uploadBlob(algorithm, file, extensionOf(file, file.name));
  return { ossPath, kind, previewUrl: URL.createObjectURL(file), width: 0, height: 0 };
}
