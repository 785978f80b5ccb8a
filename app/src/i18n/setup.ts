/**
 * i18next set-up. Messages are not bundled: each language's merged file is fetched through
 * @aivg/core's `getMessages` (GET /_i18n/{hash}/{locale}/messages.json, cached 24 h). A failed load
 * logs a warning (core does) and the app carries on with what it has
 * (docs/behaviour/languages-and-routes.md#languages;
 * docs/behaviour/calls-and-errors.md#the-error-catalogue).
 */
import { getMessages, type LanguageCode } from "@aivg/core/rules";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nHash } from "../env";
import { namespaces } from "./namespaces";

export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;

/** Initialises i18next once (no resources yet). */
export function initI18n(): Promise<unknown> {
  initialised ??= i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: false,
    ns: [...namespaces],
    defaultNS: "common",
    resources: {},
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return initialised;
}

const loaded = new Set<string>();

/** Adds a language's messages (fetched once per session, cached 24 h by core) and switches to it. */
export async function loadLanguageMessages(code: LanguageCode): Promise<void> {
  await initI18n();
  if (!loaded.has(code)) {
    const messages = await getMessages(i18nHash, code).catch((err: unknown) => {
      console.warn(`language messages for ${code} could not be loaded`, err);
      return undefined;
    });
    if (messages) {
      loaded.add(code);
      for (const [ns, bundle] of Object.entries(messages)) {
        if (bundle && typeof bundle === "object") i18n.addResourceBundle(code, ns, bundle, true, true);
      }
    }
  }
  if (i18n.language !== code) await i18n.changeLanguage(code);
}

/** Test helper: registers messages directly, as if fetched. */
export function addMessages(code: LanguageCode, messages: Record<string, object>): void {
  loaded.add(code);
  for (const [ns, bundle] of Object.entries(messages)) i18n.addResourceBundle(code, ns, bundle, true, true);
}
