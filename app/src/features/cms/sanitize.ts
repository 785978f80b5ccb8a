/**
 * Sanitising of CMS HTML with DOMPurify: scripts, event handlers and
 * `javascript:` URLs never reach the page. Body blocks keep DOMPurify's HTML profile; the head
 * block keeps only `meta`, `link` and `style` elements, without `http-equiv` (a refresh would be
 * a redirect the flow does not control) and without `link` kinds that could load code or
 * replace the frame's canonical link.
 *
 * DOMPurify is loaded on first use (`loadCmsSanitizer`): the first injection waits 50 ms anyway,
 * and visitors who never get a block never download it.
 */
import type { DOMPurify as Purifier } from "dompurify";

/** The two sanitisers, once DOMPurify is loaded. */
export interface CmsSanitizer {
  html: (html: string, doc?: Document) => DocumentFragment;
  head: (html: string, doc?: Document) => Element[];
}

let loading: Promise<CmsSanitizer> | undefined;

/** DOMPurify, loaded once. */
export function loadCmsSanitizer(): Promise<CmsSanitizer> {
  loading ??= import("dompurify").then(({ default: purify }) => ({
    html: (html, doc) => sanitizeCmsHtml(purify, html, doc),
    head: (html, doc) => sanitizeCmsHead(purify, html, doc),
  }));
  return loading;
}

const HEAD_TAGS = new Set(["META", "LINK", "STYLE"]);
const LINK_RELS = new Set(["stylesheet", "preconnect", "dns-prefetch", "preload", "alternate"]);

/** The sanitised body block as a fragment of `doc`. */
export function sanitizeCmsHtml(purify: Purifier, html: string, doc: Document = document): DocumentFragment {
  const clean = purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
    RETURN_DOM_FRAGMENT: true,
  });
  return doc.importNode(clean, true);
}

/** The sanitised head block as elements of `doc` (meta, link and style only). */
export function sanitizeCmsHead(purify: Purifier, html: string, doc: Document = document): Element[] {
  const clean = purify.sanitize(html, {
    ADD_TAGS: ["meta", "link"],
    ADD_ATTR: ["content", "property", "rel", "href", "hreflang", "as", "crossorigin", "media", "charset"],
    FORBID_ATTR: ["http-equiv"],
    FORCE_BODY: true,
    RETURN_DOM_FRAGMENT: true,
  });
  const out: Element[] = [];
  for (const node of Array.from(clean.children)) {
    if (!HEAD_TAGS.has(node.tagName)) continue;
    if (node.tagName === "LINK") {
      const rels = (node.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      if (rels.length === 0 || !rels.every((r) => LINK_RELS.has(r))) continue;
    }
    out.push(doc.importNode(node, true) as Element);
  }
  return out;
}
