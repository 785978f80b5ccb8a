/**
 * The item editors of the list-shaped content (docs/operations.md#editing-content): the calls of
 * `/v1/admin/lists/{kind}/{list}` (server/src/admin/content_lists.rs) and one field descriptor per
 * list, which `ItemsSection.tsx` turns into a form. The server says what a list allows (order,
 * publish, upload slots); a descriptor says what its items hold.
 */
import { request } from "@aivg/core/rules";
import { postMedia, type MediaSlot } from "./contentApi";

/** A stored item: an object, or a bare value (an experiment's number of groups). */
export type ListItem = unknown;

export interface ItemRow {
  id: string;
  published: boolean;
  /** Text field → the languages it has no text in. */
  missing: Record<string, string[]>;
  item: ListItem;
}

export interface ListView {
  version: number;
  orderable: boolean;
  publishable: boolean;
  slots: MediaSlot[];
  list: ItemRow[];
}

/**
 * A field of an item. `text9`: English in `key`, the other languages in `key_i18n` (missing ones
 * marked); `choice`: one of `options`; `flag`: 0 or 1; `bool`: true or false; `words`: a list
 * typed comma-separated; `numbers`: whole numbers typed comma-separated. `key` "" is the item
 * itself (a bare value).
 */
export interface FieldDescriptor {
  key: string;
  type: "text9" | "text" | "number" | "choice" | "flag" | "bool" | "words" | "numbers";
  options?: string[];
  /** Left out of the item when empty (optional fields). */
  optional?: boolean;
}

export interface ListDescriptor {
  kind: string;
  list: string;
  /** The field shown as the item's name in the list and the preview. */
  title: string;
  fields: FieldDescriptor[];
  /** What a new item starts with (beside its id). */
  blank: ListItem;
}

const presetFields: FieldDescriptor[] = [
  { key: "title", type: "text9" },
  { key: "prompt", type: "text" },
  { key: "model_types", type: "words", optional: true },
];
const preset = (list: string): ListDescriptor => ({ kind: "prompts", list, title: "title", fields: presetFields, blank: { title: "", prompt: "" } });
const adFields: FieldDescriptor[] = [
  { key: "activity", type: "text" },
  { key: "turn_url", type: "text" },
  { key: "thumbnail", type: "text" },
];
const ad = (list: string): ListDescriptor => ({
  kind: "ads",
  list,
  title: "module",
  fields: adFields,
  blank: { activity: "", turn_url: "/home", thumbnail: "ad-main-header" },
});

/** Every list with a form, in the order of the picker. */
export const LISTS: ListDescriptor[] = [
  {
    kind: "explore",
    list: "items",
    title: "title",
    fields: [
      { key: "title", type: "text9" },
      { key: "prompt", type: "text" },
      { key: "media", type: "choice", options: ["video", "image"] },
      { key: "algorithm", type: "choice", options: ["text2video", "image2video", "text2image", "image2image"] },
      { key: "ratio", type: "text" },
      { key: "recommend", type: "flag" },
      { key: "likes", type: "number" },
      { key: "author", type: "text" },
    ],
    blank: { title: "", prompt: "", media: "image", algorithm: "text2image", ratio: "1:1", recommend: 0, likes: 0, author: "" },
  },
  {
    kind: "explore",
    list: "zones",
    title: "name",
    fields: [
      { key: "name", type: "text9" },
      { key: "description", type: "text9" },
      { key: "visible_status", type: "flag" },
      { key: "explore_ids", type: "numbers" },
    ],
    blank: { name: "", description: "", visible_status: 1, explore_ids: [] },
  },
  ad("desktop"),
  ad("wap"),
  preset("music"),
  preset("text2video-style"),
  preset("text2video-camera"),
  preset("image2video"),
  preset("text2image"),
  preset("image2image"),
  preset("video2anime"),
  {
    kind: "activities",
    list: "activities",
    title: "title",
    fields: [
      { key: "title", type: "text" },
      { key: "credits", type: "number" },
      { key: "valid_days", type: "number" },
      { key: "ends_at", type: "number" },
    ],
    blank: { title: "", credits: 10, valid_days: 30, ends_at: 0 },
  },
  { kind: "experiments", list: "tests", title: "", fields: [{ key: "", type: "number" }], blank: 2 },
  {
    kind: "skus",
    list: "skus",
    title: "name",
    fields: [
      { key: "name", type: "text", optional: true },
      { key: "kind", type: "choice", options: ["membership", "credit_plan", "pack"] },
      { key: "period_unit", type: "choice", options: ["", "week", "month", "year"], optional: true },
      { key: "credits", type: "number", optional: true },
      { key: "price", type: "number" },
      { key: "original_price", type: "number" },
      { key: "sub_tpl_id", type: "number" },
      { key: "trial", type: "bool", optional: true },
      { key: "trial_credits", type: "number", optional: true },
    ],
    blank: { kind: "pack", credits: 10, price: 1.99, original_price: 1.99, sub_tpl_id: 0 },
  },
  {
    kind: "resources",
    list: "resources",
    title: "name",
    fields: [
      { key: "name", type: "text" },
      { key: "type", type: "choice", options: ["image", "video"] },
      { key: "category", type: "text" },
      { key: "ratio", type: "text" },
      { key: "tags", type: "words", optional: true },
    ],
    blank: { name: "", type: "image", category: "background", ratio: "16:9", tags: [] },
  },
];

/** The key of a list (`explore/items`). */
export const listKey = (d: { kind: string; list: string }) => `${d.kind}/${d.list}`;

const base = (d: ListDescriptor) => `/v1/admin/lists/${d.kind}/${d.list}`;
const enc = encodeURIComponent;

export const getList = (d: ListDescriptor) => request({ method: "GET", path: base(d), noCacheBust: true }) as Promise<ListView>;
export const saveItem = (d: ListDescriptor, version: number, id: string, item: ListItem) =>
  request({ method: "POST", path: `${base(d)}/items/${enc(id)}`, params: { version, item } }) as Promise<{ version: number }>;
export const publishItem = (d: ListDescriptor, version: number, id: string, published: boolean) =>
  request({ method: "POST", path: `${base(d)}/items/${enc(id)}/published`, params: { version, published } }) as Promise<{ version: number }>;
export const orderItems = (d: ListDescriptor, version: number, ids: string[]) =>
  request({ method: "POST", path: `${base(d)}/order`, params: { version, ids } }) as Promise<{ version: number }>;

/** Uploads a picture or video of an item as the body of the call; answers the new version and key. */
export async function uploadItemMedia(d: ListDescriptor, version: number, id: string, slot: MediaSlot, file: Blob): Promise<{ version: number; key: string }> {
  return postMedia(`${d.kind}/${d.list}/${enc(id)}/${slot}?version=${version}`, file);
}
