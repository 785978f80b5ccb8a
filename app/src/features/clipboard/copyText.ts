/**
 * Copy text to the clipboard: the async Clipboard API when the page may use it,
 * else the legacy way (a hidden textarea, selected, `document.execCommand("copy")`), which still
 * works on plain http and in older browsers. Never throws: true when the text was copied, false
 * otherwise.
 */

function legacyCopy(text: string, doc: Document): boolean {
  const area = doc.createElement("textarea");
  area.value = text;
  // Out of sight and unable to scroll the page or open a phone keyboard.
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.top = "0";
  area.style.left = "-9999px";
  area.style.opacity = "0";
  const active = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  doc.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return doc.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
    active?.focus();
  }
}

export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  try {
    const clipboard = doc.defaultView?.navigator.clipboard;
    if (clipboard && typeof clipboard.writeText === "function" && doc.defaultView?.isSecureContext !== false) {
      await clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, document not focused): try the legacy way.
  }
  try {
    return legacyCopy(text, doc);
  } catch {
    return false;
  }
}
