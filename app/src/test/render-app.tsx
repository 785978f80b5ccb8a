/**
 * Renders the real route table in a memory router with the real providers, and messages of every
 * language registered as if fetched (so tests see translated text without a server).
 */
import type { LanguageCode } from "@aivg/core/rules";
import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { addMessages, i18n, initI18n } from "../i18n/setup";
import { routes } from "../routes/table";
import { appStore, Provider } from "../state/jotai";

const files = import.meta.glob<object>("../locales/*/*.json", { eager: true, import: "default" });

export async function loadAllMessages(): Promise<void> {
  await initI18n();
  const byLanguage = new Map<string, Record<string, object>>();
  for (const [path, tree] of Object.entries(files)) {
    const [, code, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (!code || !ns) continue;
    byLanguage.set(code, { ...byLanguage.get(code), [ns]: tree });
  }
  for (const [code, messages] of byLanguage) addMessages(code as LanguageCode, messages);
}

export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { router, ...view };
}
