/**
 * The console's Content calls (`/v1/admin/content/…`, docs/operations.md#editing-content): the
 * templates (form editor) and the whole documents of the rarer kinds (JSON editor). An edit sends
 * the version it was made on; the server refuses it (409) when someone saved meanwhile.
 */
import { getAccessToken, request } from "@aivg/core/rules";
import { apiBase } from "../../env";

/** A template as stored: the seed's compact form (`server/seed/templates.json`). */
export interface TemplateItem {
  tpl_id: number;
  name: string;
  name_i18n?: Record<string, string>;
  category: number;
  kind: string;
  hot: number;
  new?: number;
  ratio?: string;
  tags?: string[];
  description?: string;
  description_i18n?: Record<string, string>;
  published?: boolean;
  media?: { picture?: string; video?: string; audio?: string };
  [other: string]: unknown;
}

export interface TemplateRow {
  tpl_id: number;
  published: boolean;
  /** Field → the languages it has no text in. */
  missing: Record<string, string[]>;
  item: TemplateItem;
}

export interface TemplatesView {
  version: number;
  list: TemplateRow[];
  categories: { id: number; title: string; media: string; module?: string }[];
  kinds: string[];
}

export type MediaSlot = "picture" | "video" | "audio";

/** The kinds edited as whole documents (the server's `EDITABLE` but templates, which have a form). */
export const CONTENT_KINDS = ["cms", "ads", "experiments", "activities", "prompts", "explore", "skus", "resources"] as const;

export const getTemplates = () => request({ method: "GET", path: "/v1/admin/content/templates/items", noCacheBust: true }) as Promise<TemplatesView>;
export const saveTemplate = (version: number, item: TemplateItem) =>
  request({ method: "POST", path: `/v1/admin/content/templates/items/${item.tpl_id}`, params: { version, item } }) as Promise<{ version: number }>;
export const setPublished = (version: number, id: number, published: boolean) =>
  request({ method: "POST", path: `/v1/admin/content/templates/items/${id}/published`, params: { version, published } }) as Promise<{
    version: number;
  }>;
export const orderTemplates = (version: number, ids: number[]) =>
  request({ method: "POST", path: "/v1/admin/content/templates/order", params: { version, ids } }) as Promise<{ version: number }>;
export const getDocument = (kind: string) =>
  request({ method: "GET", path: `/v1/admin/content/${kind}`, noCacheBust: true }) as Promise<{ kind: string; version: number; document: unknown }>;
export const saveDocument = (kind: string, version: number, document: unknown) =>
  request({ method: "POST", path: `/v1/admin/content/${kind}`, params: { version, document } }) as Promise<{ version: number }>;

/** The public URL of an uploaded content file (`content/…`). */
export const contentUrl = (key: string) => `${apiBase}/static/${key}`;

/**
 * Uploads a preview file as the body of the call (the JSON client sends no bytes); answers the
 * templates' new version, or throws the server's message.
 */
export async function uploadMedia(version: number, id: number, slot: MediaSlot, file: Blob): Promise<{ version: number; key: string }> {
  return postMedia(`templates/${id}/${slot}?version=${version}`, file);
}

/** POSTs a file as the body of `/v1/admin/media/{path}`; answers the new version and the file's key. */
export async function postMedia(path: string, file: Blob): Promise<{ version: number; key: string }> {
  const token = getAccessToken();
  const res = await fetch(`${apiBase}/v1/admin/media/${path}`, {
    method: "POST",
    headers: { "Content-Type": file.type || "application/octet-stream", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as { msg?: string; data?: { version: number; key: string } };
  if (!res.ok || !body.data) throw new Error(body.msg ?? `HTTP ${res.status}`);
  return body.data;
}
