/**
 * Which files an upload field takes (docs/behaviour/uploads.md#uploads): pictures as JPEG, PNG or
 * WebP (what the crop dialog and core's imaging decode), videos as MP4, MOV or WebM, any audio.
 * A file of another kind is refused when picked, with a message saying what to choose, before any
 * dialog opens or any byte travels (decided by us: the spec names no message).
 */
export type UploadKind = "image" | "video" | "audio";

/** The file input's `accept` of each kind. */
export const ACCEPT: Record<UploadKind, string> = {
  image: "image/jpeg,image/png,image/webp",
  video: "video/mp4,video/quicktime,video/webm",
  audio: "audio/*",
};

/** Extensions taken when the browser gives no type (some systems do not for every file). */
const EXTENSIONS: Record<UploadKind, readonly string[]> = {
  image: ["jpg", "jpeg", "png", "webp"],
  video: ["mp4", "mov", "webm"],
  audio: ["mp3", "wav", "m4a", "aac", "ogg", "oga", "flac", "opus", "weba"],
};

/** Whether a picked file is of the field's kind: by its type, or by its extension when it has none. */
export function fileFits(kind: UploadKind, file: { type: string; name: string }): boolean {
  const type = file.type.toLowerCase();
  if (type) return kind === "audio" ? type.startsWith("audio/") : ACCEPT[kind].split(",").includes(type);
  const dot = file.name.lastIndexOf(".");
  return dot >= 0 && EXTENSIONS[kind].includes(file.name.slice(dot + 1).toLowerCase());
}
