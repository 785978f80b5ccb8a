/**
 * Entry point. @aivg/core's WASM instantiates at import (top-level await), so every core call below is
 * synchronous and ready.
 */
import { appSettings, configureClient, isPhone } from "@aivg/core/rules";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { createBrowserRouter, RouterProvider, type DataRouter } from "react-router";
import { apiBase } from "./env";
import { i18n, initI18n } from "./i18n/setup";
import { runAppStartHooks } from "./routes/app-start";
import { routes } from "./routes/table";
import { appStore, Provider } from "./state/jotai";
import { applyEntryStyles } from "./styles/entry";
import { applyLayerTokens } from "./styles/layers";
import "./styles/global.css";

// Started first: the stylesheet (preloaded by index.html since the HTML arrived) applies while the
// rest starts up; the first render waits for it.
const entryStyles = applyEntryStyles();
configureClient({ baseUrl: apiBase, appName: appSettings().appName, isMobile: isPhone(window.innerWidth) });
applyLayerTokens();
await initI18n();

const router = createBrowserRouter(routes);
runAppStartHooks({ router });
// The first render waits for the first navigation (language messages, the page's module) so React
// renders the page once, synchronously, instead of the boot fallback and then the page inside a
// router transition: on a throttled phone that put the LCP heading ~150 ms later (docs/performance.md).
// index.html's boot skeleton stays on screen meanwhile. A promise, not a top-level await: the page
// modules import the chunk this module is in (build/shell-chunk.ts), which must finish evaluating.
void Promise.all([firstNavigation(router), entryStyles]).then(render);

function firstNavigation(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

function render(): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html lacks the #root element");
  createRoot(root).render(
    <StrictMode>
      <Provider store={appStore}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}
