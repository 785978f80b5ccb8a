/**
 * The console's texts: one JSON file per language beside this module (not in src/locales/, whose
 * namespaces every public page downloads), added to the app's i18next instance when an admin
 * opens the console, so the public first load does not grow. A language without a file (the
 * pseudo-language) reads English.
 */
import { i18n } from "../../i18n/setup";

const files = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*.json");

/** The namespace the console's texts live in. */
export const ADMIN_NS = "admin";

/** Loads the texts of `lang` (English when it has none); answers the language loaded. */
export async function loadAdminTexts(lang: string): Promise<string> {
  const code = files[`./locales/${lang}.json`] ? lang : "en";
  const load = files[`./locales/${code}.json`];
  if (load && !i18n.hasResourceBundle(code, ADMIN_NS)) {
    const mod = await load();
    i18n.addResourceBundle(code, ADMIN_NS, mod.default, true, true);
  }
  return code;
}

/** A translator of the console's keys (the namespace is not in the typed resources). */
export type AdminT = (key: string, vars?: Record<string, unknown>) => string;

export function adminT(lang: string): AdminT {
  // The namespace is added at run time, so it is not among the typed ones.
  const t = i18n.getFixedT(lang, ADMIN_NS as never) as unknown as (k: string, o?: Record<string, unknown>) => unknown;
  return (key, vars) => String(t(key, vars));
}
