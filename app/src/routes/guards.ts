/**
 * The root loader. It holds no rule: core's `resolveLanguage` decides; the loader turns the
 * decision into a redirect or the language shown (the page route's loader is in page.tsx).
 */
import { redirect, type LoaderFunctionArgs } from "react-router";
import { applyLanguage, decideLanguage } from "../features/language/apply";

/** Root loader, run on every navigation: language resolution of docs/behaviour/languages-and-routes.md#language-resolution. */
export async function languageGuard({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const decision = decideLanguage(url);
  if ("redirectTo" in decision) throw redirect(decision.redirectTo);
  await applyLanguage(decision.language);
  return null;
}
