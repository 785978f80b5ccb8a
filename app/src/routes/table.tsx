/**
 * The route table (spec 01 §2). Paths come from core's route table (`routeByName`), so a pattern has one
 * owner; this file only says which lazily loaded module shows each named route. Every page route exists
 * once without prefix and once under each language prefix of core's `languages()` (de fr es br jp ko zh zz).
 */
import { languages, routeByName, type RouteName } from "@aivg/core/rules";
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { FatalErrorBoundary, PageErrorBoundary } from "../features/error-page/boundaries";
import { BootFallback } from "./BootFallback";
import { RootLayout } from "./RootLayout";
import { languageGuard, redirectingRoute, validatedRoute } from "./guards";

type PageModule = () => Promise<{ default: ComponentType }>;

/** The router form of core's unprefixed pattern, relative to the prefix ("" = index route). */
function relativePath(name: RouteName): string {
  const path = routeByName(name).path;
  // Core writes the catch-all in the spec's notation "/:slug(.*)*"; the router's splat is "*".
  if (path.includes("(.*)")) return "*";
  return path.replace(/^\//, "");
}

/** A page route: core validates the URL, the module loads on first visit. */
function page(name: RouteName, load: PageModule): RouteObject {
  const path = relativePath(name);
  return {
    ...(path === "" ? { index: true } : { path }),
    handle: { name },
    loader: validatedRoute(name),
    lazy: async () => ({ Component: (await load()).default }),
    ErrorBoundary: PageErrorBoundary,
  };
}

/** A route that only redirects (its target from core's `routeRedirect`, query kept). */
function redirecting(name: RouteName): RouteObject {
  const path = relativePath(name);
  // `element: null`: the loader always redirects, nothing renders.
  return { ...(path === "" ? { index: true } : { path }), handle: { name }, loader: redirectingRoute, element: null };
}

const serverRedirectPlaceholder: PageModule = () => import("../features/pages/RedirectPlaceholderPage");

const createPage: PageModule = () => import("../features/create/CreatePage");
const toolPage: PageModule = () => import("../features/tools/ToolPage");

/** Creation screens, AI tools, effects, explore (one shared module per kind of screen). */
const creationRoutes = [
  ...(["TextToVideo", "ImageToVideo", "VideoToAnime", "VideoToVideo", "TextToImage", "ImageToImage"] as const).map((name) => page(name, createPage)),
  page("TextToMusic", () => import("../features/music/MusicPage")),
  page("AiTools", () => import("../features/tools/AiToolsPage")),
  ...(
    [
      "AiToolsVideoEnhancer",
      "AiToolsImageEnhancer",
      "LipSync",
      "AiToolsBgRemover",
      "AiToolsObjectRemover",
      "AiToolsPartialRedrawing",
      "AiToolsVideoEraser",
      "AiToolsAudioTools",
    ] as const
  ).map((name) => page(name, toolPage)),
  page("Effect", () => import("../features/effects/EffectsPage")),
  page("EffectCreate", () => import("../features/effects/EffectCreatePage")),
  page("Explore", () => import("../features/explore/ExplorePage")),
  page("ExploreZone", () => import("../features/explore/ExploreZonePage")),
  page("Libraries", () => import("../features/explore/LibrariesPage")),
  page("Template", () => import("../features/explore/TemplatePage")),
];

/** Routes that exist only so server redirect rules can apply to them (spec 01 §2). */
const serverRedirectRoutes = [
  "red1-to-ai-home",
  "red1-to-home",
  "red1-to-ai-root",
  "red1-to-ai-root2",
  "red1-to-t2v",
  "red1-to-ai-v2t",
  "red2-to-ai-home",
  "red2-to-home",
  "red2-to-ai-root",
  "red2-to-ai-root2",
  "red2-to-t2v",
  "red2-to-ai-v2t",
] as const satisfies readonly RouteName[];

/** The page routes under one prefix (or none). */
export const pageRoutes = [
  redirecting("Index"),
  redirecting("Create"),
  page("Home", () => import("../features/home/HomePage")),
  page("NotFound", () => import("../features/pages/NotFoundPage")),
  page("DebugTestError", () => import("../features/error-page/DebugTestErrorPage")),
  ...creationRoutes,
  ...serverRedirectRoutes.map((name) => page(name, serverRedirectPlaceholder)),
  page("CatchAll", () => import("../features/pages/CatchAllPage")),
] satisfies RouteObject[];

/** The language prefixes (every language but English, which has none). */
export const prefixes = languages()
  .map((language) => language.code)
  .filter((code) => code !== "en");

export const routes = [
  {
    id: "root",
    loader: languageGuard,
    // The language is resolved on every navigation (spec 01 §4), not only when params change.
    shouldRevalidate: () => true,
    Component: RootLayout,
    HydrateFallback: BootFallback,
    ErrorBoundary: FatalErrorBoundary,
    children: [{ path: "/", children: pageRoutes }, ...prefixes.map((code) => ({ path: `/${code}`, children: pageRoutes }))],
  },
] satisfies RouteObject[];
