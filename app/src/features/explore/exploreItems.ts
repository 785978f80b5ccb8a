/**
 * Explore items and zones as the server answers them (docs/behaviour/tasks-and-queue.md#explore
 * "Explore item": extra_data with thumbnail width/height, core's 400 when unparsable; "Zone":
 * visible_status 1 = publishable).
 */
import { exploreThumbSide } from "@aivg/core/rules";

export interface ExploreItem {
  id: number;
  title: string;
  prompt: string;
  media: "video" | "image";
  thumbnail: string;
  previewUrl: string;
  width: number;
  height: number;
  ratio: string;
  /** The creation screen that reuses the item, e.g. "/image-to-image?exploreId=1448". */
  route: string;
}

export interface Zone {
  id: number;
  name: string;
  description: string;
  cover: string;
  visibleStatus: number;
}

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}
/** docs/behaviour/tasks-and-queue.md#explore: the thumbnail size, core's default (400) when extra_data cannot be read. */
function size(v: unknown): number {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return exploreThumbSide(Number.isNaN(n) ? undefined : n);
}

export function readExploreItem(raw: unknown): ExploreItem | null {
  const o = obj(raw);
  const id = Number(o.id);
  if (!Number.isFinite(id)) return null;
  let extra = o.extra_data;
  if (typeof extra === "string") {
    try {
      extra = JSON.parse(extra);
    } catch {
      extra = {};
    }
  }
  const e = obj(extra);
  return {
    id,
    title: str(o.title),
    prompt: str(o.prompt),
    media: o.media === "video" ? "video" : "image",
    thumbnail: str(o.thumbnail),
    previewUrl: str(o.preview_url) || str(o.thumbnail),
    width: size(e.width),
    height: size(e.height),
    ratio: str(o.ratio),
    route: str(o.route),
  };
}

export function readExplorePage(raw: unknown): { items: ExploreItem[]; total: number } {
  const o = obj(raw);
  const list = Array.isArray(o.list) ? o.list : Array.isArray(o.items) ? o.items : [];
  const items = list.map(readExploreItem).filter((x): x is ExploreItem => x !== null);
  const total = Number(obj(o.paginate).total ?? o.total);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export function readZone(raw: unknown): Zone | null {
  const o = obj(raw);
  const id = Number(o.id);
  if (!Number.isFinite(id)) return null;
  return { id, name: str(o.name), description: str(o.description), cover: str(o.cover), visibleStatus: Number(o.visible_status) };
}

/** Only publishable zones are shown (visible_status 1, docs/behaviour/tasks-and-queue.md#explore). */
export function visibleZones(raw: unknown): Zone[] {
  const list = obj(raw).list;
  return (Array.isArray(list) ? list : []).map(readZone).filter((z): z is Zone => z !== null && z.visibleStatus === 1);
}
