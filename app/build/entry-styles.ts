/**
 * `deferEntryStyles`: index.html's stylesheet no longer blocks the first paint.
 *
 * Nothing on the page needs it before React's first render: the boot skeleton (index.html's
 * header bar and logo) is styled inline, and the app renders only after its JavaScript, its
 * WebAssembly and the first navigation's data are in. A render-blocking `<link rel="stylesheet">`
 * held the skeleton's paint (the FCP) until the stylesheet had arrived and been parsed, which on a
 * throttled phone came after the JavaScript and the WebAssembly had started downloading beside it
 * (docs/performance.md). The link becomes `<link rel="preload" as="style" data-entry-style>`: it
 * downloads as early and at the same priority, and `applyEntryStyles` (src/styles/entry.ts)
 * turns it into a stylesheet and waits for it before the first render, so the app never shows
 * unstyled.
 */
import type { Plugin } from "vite";

/** The attribute that marks a deferred entry stylesheet (src/styles/entry.ts reads it). */
export const ENTRY_STYLE_ATTR = "data-entry-style";

const STYLESHEET = /<link rel="stylesheet"((?:\s+[a-z-]+(?:="[^"]*")?)*?)\s*\/?>/g;

/** `html` with every `<link rel="stylesheet" …>` made a style preload marked for the entry. */
export function deferStylesheets(html: string): string {
  return html.replace(STYLESHEET, (_link, attrs: string) => `<link rel="preload" as="style"${attrs} ${ENTRY_STYLE_ATTR}>`);
}

export function deferEntryStyles(): Plugin {
  return {
    name: "aivg-defer-entry-styles",
    apply: "build",
    transformIndexHtml: { order: "post", handler: deferStylesheets },
  };
}
