/**
 * Where the chosen language is remembered (docs/behaviour/languages-and-routes.md#languages): the
 * language cookie (name and lifetime from core's `languageCookie()`: i18n_redirected, 365 days) and
 * local storage. Storage failures are tolerated and logged
 * (docs/behaviour/calls-and-errors.md#the-error-catalogue).
 */
import { languageConstants, languageCookie, type LanguageCode } from "@aivg/core/rules";

/** Local-storage key of the saved language (docs/behaviour/languages-and-routes.md#languages: "language"), from core. */
export const LANGUAGE_STORAGE_KEY = languageConstants().storageKey;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** The saved language: the cookie first, then local storage; null when neither is set. */
export function readSavedLanguage(): string | null {
  try {
    const fromCookie = readCookie(languageCookie().name);
    if (fromCookie) return fromCookie;
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch (err) {
    console.warn("saved language could not be read", err);
    return null;
  }
}

/** Remembers a language in the cookie and in local storage. */
export function saveLanguage(code: LanguageCode): void {
  const cookie = languageCookie();
  const maxAgeSeconds = cookie.maxAgeDays * 24 * 60 * 60;
  document.cookie = `${cookie.name}=${encodeURIComponent(code)}; max-age=${maxAgeSeconds}; path=/; samesite=lax`;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch (err) {
    console.warn("language could not be saved in local storage", err);
  }
}
