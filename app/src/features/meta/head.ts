/**
 * Tags of the document's <head> that pages own (title, description, sharing metadata, canonical link),
 * written in place: one element per name, created on first use, updated after, removed when a page no
 * longer wants it. The app renders with Preact, which (unlike React 19) does not hoist <title>/<meta>
 * rendered in the tree into <head>; and the CMS flow (cmsFlow.ts) overrides the same elements, so both
 * must address one element per name.
 */

/** `name="…"` metadata, `property="…"` (Open Graph) metadata, or a `<link rel="…">`. */
export type HeadTag = { name: string } | { property: string } | { rel: string };

function selectorOf(tag: HeadTag): string {
  if ("name" in tag) return `meta[name="${tag.name}"]`;
  if ("property" in tag) return `meta[property="${tag.property}"]`;
  return `link[rel="${tag.rel}"]`;
}

/** Sets the tag's content (href for a link), creating the element if the head lacks it; `null` removes it. */
export function setHeadTag(doc: Document, tag: HeadTag, value: string | null): void {
  const existing = doc.head.querySelector<HTMLMetaElement | HTMLLinkElement>(selectorOf(tag));
  if (value === null) {
    existing?.remove();
    return;
  }
  const element = existing ?? doc.head.appendChild(doc.createElement("rel" in tag ? "link" : "meta"));
  if ("rel" in tag) {
    element.setAttribute("rel", tag.rel);
    element.setAttribute("href", value);
  } else {
    if ("name" in tag) element.setAttribute("name", tag.name);
    else element.setAttribute("property", tag.property);
    element.setAttribute("content", value);
  }
}
