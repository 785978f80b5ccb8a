/**
 * The route table (docs/behaviour/languages-and-routes.md#routes). Core owns the routes: its
 * `matchRoute` names the route of any path, with or without a language prefix (de fr es br jp ko zh
 * zz). So the router holds one page route that matches every path and dispatches on core's answer
 * (src/routes/page.tsx); page-sources.ts says which lazily loaded module shows each named route.
 *
 * Why one route and not core's patterns repeated under every prefix: React Router compiles and ranks
 * every pattern when it matches a location, several times per navigation; the ~360 patterns of the
 * repeated table were, after React itself, the largest script cost of a throttled first load
 * (docs/performance.md).
 */
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { FatalErrorBoundary, PageErrorBoundary } from "../features/error-page/boundaries";
import { BootFallback } from "./BootFallback";
import { languageGuard } from "./guards";
import { PageHost, pageLoader, type PageModule } from "./page";
import { pageSources, type PageRouteName } from "./page-sources";
import { prefetchPageData } from "./prefetch";
import { RootLayout } from "./RootLayout";

/** Every page module the table can show (Vite turns each into its own lazily loaded chunk). */
const pageFiles = import.meta.glob<{ default: ComponentType }>("../features/*/*Page.tsx");

/** The module loader of each page route, from page-sources.ts. */
export const pageModules = Object.fromEntries(Object.entries(pageSources).map(([name, source]) => [name, pageFiles[`../${source}.tsx`]])) as Partial<
  Record<PageRouteName, PageModule>
>;

export const routes = [
  {
    id: "root",
    loader: languageGuard,
    // The language is resolved on every navigation
    // (docs/behaviour/languages-and-routes.md#language-resolution), not only when params change.
    shouldRevalidate: () => true,
    Component: RootLayout,
    HydrateFallback: BootFallback,
    ErrorBoundary: FatalErrorBoundary,
    children: [{ id: "page", path: "*", loader: pageLoader(pageModules, prefetchPageData), Component: PageHost, ErrorBoundary: PageErrorBoundary }],
  },
] satisfies RouteObject[];
