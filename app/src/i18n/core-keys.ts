/**
 * Core hands out translation ids such as "menu.home" or "errorPage.title.404" (first segment =
 * namespace). i18next addresses them as "menu:home" / "errorPage:title.404".
 */
import { i18n } from "./setup";

/** The i18next key of a core translation id. */
export function coreKey(id: string): string {
  const dot = id.indexOf(".");
  return dot < 0 ? id : `${id.slice(0, dot)}:${id.slice(dot + 1)}`;
}

/**
 * Translates a core id in the current language; falls back to core's English text so a missing key
 * never shows blank (the locale test keeps that from happening). Call it from a component that uses
 * `useTranslation()`, so it re-renders when the language changes.
 */
export function tCore(id: string, english: string): string {
  // Core ids are runtime strings, so they cannot be checked against the typed keys at compile time.
  return i18n.t(coreKey(id) as never, { defaultValue: english }) as string;
}
