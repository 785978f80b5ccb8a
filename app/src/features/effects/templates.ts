/**
 * Effect templates as the server answers them (docs/behaviour/tasks-and-queue.md#task-modules
 * "Template": info.algorithm, info.module, info.request, thumbnail, thumbnail_link, extra; the rest
 * is the server's, see server/src/site/workflow.rs). Read leniently.
 */

export interface RequestField {
  field: string;
  type: "image" | "video" | "text";
  required: boolean;
  label: string;
  maxLength?: number;
}

/** What an audio template fills in on the music screen (the server's `info.prompt/style/duration`). */
export interface AudioSettings {
  prompt: string;
  style: string;
  duration: number;
}

export interface Template {
  id: number;
  name: string;
  description: string;
  media: "video" | "image" | "audio";
  thumbnail: string;
  previewUrl: string;
  width: number;
  height: number;
  algorithm: string;
  module: string;
  request: RequestField[];
  /** Model-given bounds of the two-image ratio rule (docs/behaviour/uploads.md#aspect-ratios), when the template has them. */
  ratioBounds: [number, number] | null;
  /** Audio templates only (docs/behaviour/tasks-and-queue.md#templates "Template item for audio"): `previewUrl` is the audio. */
  audio: AudioSettings | null;
}

export interface Category {
  id: number;
  title: string;
  media: string;
  total: number;
}

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}
function num(v: unknown, fallback = 0): number {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

function readField(raw: unknown): RequestField | null {
  const o = obj(raw);
  const field = str(o.field);
  if (!field) return null;
  const type = o.type === "image" || o.type === "video" ? o.type : "text";
  return { field, type, required: o.required === true, label: str(o.label) || field, maxLength: num(o.max_length) || undefined };
}

export function readTemplate(raw: unknown): Template | null {
  const o = obj(raw);
  const id = num(o.tpl_id ?? o.id, NaN);
  if (!Number.isFinite(id)) return null;
  const info = obj(o.info);
  const extra = obj(o.extra);
  const cover = obj(o.cover_conf);
  const lower = num(info.ratio_lower, NaN);
  const upper = num(info.ratio_upper, NaN);
  return {
    id,
    name: str(o.name),
    description: str(o.description),
    media: o.media === "image" || o.media === "audio" ? o.media : "video",
    thumbnail: str(o.thumbnail_link) || str(o.thumbnail) || str(cover.thumbnail_url),
    previewUrl: str(o.preview_url) || str(cover.preview_url),
    // docs/behaviour/tasks-and-queue.md#explore (explore item): 400 when the size cannot be read;
    // the same default here.
    width: num(extra.width, 400) || 400,
    height: num(extra.height, 400) || 400,
    algorithm: str(info.algorithm),
    module: str(info.module) || "effect",
    request: (Array.isArray(info.request) ? info.request : []).map(readField).filter((f): f is RequestField => f !== null),
    ratioBounds: Number.isFinite(lower) && Number.isFinite(upper) ? [lower, upper] : null,
    audio: o.media === "audio" ? { prompt: str(info.prompt), style: str(info.style), duration: num(info.duration, 0) } : null,
  };
}

/** `{list, paginate: {total}}` of /v1/workflow/list. */
export function readTemplatePage(raw: unknown): { templates: Template[]; total: number } {
  const o = obj(raw);
  const list = Array.isArray(o.list) ? o.list : [];
  const templates = list.map(readTemplate).filter((t): t is Template => t !== null);
  return { templates, total: num(obj(o.paginate).total, num(o.total, templates.length)) };
}

/** The category tabs of /v1/workflow/ct/list (`{list: [{value, categories}]}`). */
export function readCategories(raw: unknown): Category[] {
  const groups = obj(raw).list;
  return (Array.isArray(groups) ? groups : []).flatMap((g) => {
    const cats = obj(g).categories;
    return (Array.isArray(cats) ? cats : []).flatMap((c) => {
      const o = obj(c);
      const id = num(o.id, NaN);
      return Number.isFinite(id) ? [{ id, title: str(o.title), media: str(o.media), total: num(o.total) }] : [];
    });
  });
}

/**
 * Which "how it works" text of the effect detail tip fits a template (decided: the tip explains
 * what to upload and what comes out): a picture effect, a two-person video, or a one-photo video.
 */
export function effectTipKind(tpl: Pick<Template, "media" | "request">): "image" | "duo" | "video" {
  if (tpl.media === "image") return "image";
  return tpl.request.filter((f) => f.type === "image").length >= 2 ? "duo" : "video";
}
