/**
 * Language resolution on every navigation
 * (docs/behaviour/languages-and-routes.md#language-resolution): core's `resolveLanguage` decides;
 * this module persists, redirects and applies what it decided.
 */
import { configureClient, languageByCode, resolveLanguage, type LanguageCode } from "@aivg/core/rules";
import { coreStage } from "../../env";
import { loadLanguageMessages } from "../../i18n/setup";
import { appStore } from "../../state/jotai";
import { readSavedLanguage, saveLanguage } from "./persistence";
import { languageAtom } from "./state";

/** What the guard does for a URL: a redirect target, or the language to show. */
export type LanguageDecision = { redirectTo: string } | { language: LanguageCode };

export function decideLanguage(url: URL): LanguageDecision {
  const resolution = resolveLanguage({
    path: url.pathname,
    query: url.search,
    savedLanguage: readSavedLanguage(),
    browserLanguages: navigator.languages ?? [],
    stage: coreStage,
  });
  if (resolution.save) saveLanguage(resolution.language);
  if (resolution.redirectTo) return { redirectTo: resolution.redirectTo + url.hash };
  return { language: resolution.language };
}

/** Shows the page in `code`: messages, `<html lang>`, the API client's language header. */
export async function applyLanguage(code: LanguageCode): Promise<void> {
  await loadLanguageMessages(code);
  document.documentElement.lang = languageByCode(code).tag;
  configureClient({ language: code });
  appStore.set(languageAtom, code);
}
