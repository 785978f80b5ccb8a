/**
 * Prerendered page payloads (docs/behaviour/languages-and-routes.md#build-updates build manifest,
 * #build-updates): a page whose path the build manifest lists as prerendered loads
 * `{page}/_payload.json?_t={build id}` (core's `getPagePayload`) and decodes it with core's
 * `decodePayloadAsync` (devalue format). Other paths have no payload (the server would answer the
 * SPA's index.html), so they are not requested. A failure is logged and the page renders without
 * its payload.
 */
import type { BuildManifest } from "@aivg/core/rules";

/** What the build prerenders for a public page (scripts/prerender-payloads.ts writes it). */
export interface PagePayload {
  /** Route name (core's RouteName). */
  route: string;
  /** Language code of the path. */
  language: string;
  /** The page path, language prefix included. */
  path: string;
  /** Route metadata of core's route table. */
  meta: { type?: string; tag?: string; hasBack: boolean };
  /** Title, description and keywords of the page in its language. */
  tdk: { title: string; description: string; keywords: string };
  /** The build that prerendered it, and when. */
  buildId: string;
  prerenderedAt: Date;
}

export interface PayloadDeps {
  manifest: () => Promise<BuildManifest | undefined>;
  fetchText: (page: string, build: string) => Promise<string>;
  decode: (text: string) => unknown | Promise<unknown>;
  buildId: string;
  warn?: (message: string, error?: unknown) => void;
}

/** The path a payload is keyed by: no trailing slash except the root. */
export function payloadPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** Whether the manifest lists the path as prerendered. */
export function isPrerendered(manifest: BuildManifest | undefined, pathname: string): boolean {
  const list = manifest?.prerendered;
  return Array.isArray(list) && list.includes(payloadPath(pathname));
}

/** Checks the decoded value has the payload's shape (the server could send anything). */
export function asPagePayload(value: unknown): PagePayload | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Partial<PagePayload>;
  if (typeof v.route !== "string" || typeof v.path !== "string" || !(v.prerenderedAt instanceof Date)) return undefined;
  return v as PagePayload;
}

/** The payload of a page, or undefined when it has none or it cannot be loaded. */
export async function loadPagePayload(pathname: string, deps: PayloadDeps): Promise<PagePayload | undefined> {
  const path = payloadPath(pathname);
  try {
    const manifest = await deps.manifest();
    if (!isPrerendered(manifest, path)) return undefined;
    const payload = asPagePayload(await deps.decode(await deps.fetchText(path, deps.buildId)));
    if (!payload) deps.warn?.(`payload of ${path} has an unexpected shape`);
    return payload;
  } catch (error) {
    deps.warn?.(`payload of ${path} failed`, error);
    return undefined;
  }
}
