/**
 * The module (under src/, without extension) that shows each page route of core's table. Plain
 * data with no imports, so both the app (table.tsx loads these lazily) and the build
 * (build/page-preloads.ts: which files each route needs, for the server's preload hints) read it.
 * `Pricing` is a name of core's without a path (docs/behaviour/languages-and-routes.md#routes: "a
 * pricing path is not shown"); Index and Create only redirect (core's `routeRedirect`), so neither
 * has a module.
 */
import type { RouteName } from "@aivg/core/rules";

export type PageRouteName = Exclude<RouteName, "Index" | "Create" | "Pricing">;

const createPage = "features/create/CreatePage";
/** The module of every AI tool page (routes/prefetch.ts starts their examples' request). */
export const TOOL_PAGE = "features/tools/ToolPage";
const toolPage = TOOL_PAGE;
/** Routes that exist only so server redirect rules can apply to them (docs/behaviour/languages-and-routes.md#routes). */
const serverRedirectPlaceholder = "features/pages/RedirectPlaceholderPage";

export const pageSources: Record<PageRouteName, string> = {
  Home: "features/home/HomePage",
  NotFound: "features/pages/NotFoundPage",
  DebugTestError: "features/error-page/DebugTestErrorPage",
  // Creation screens, AI tools, effects, explore (one shared module per kind of screen).
  TextToVideo: createPage,
  ImageToVideo: createPage,
  VideoToAnime: createPage,
  VideoToVideo: createPage,
  TextToImage: createPage,
  ImageToImage: createPage,
  TextToMusic: "features/music/MusicPage",
  AiTools: "features/tools/AiToolsPage",
  AiToolsVideoEnhancer: toolPage,
  AiToolsImageEnhancer: toolPage,
  LipSync: toolPage,
  AiToolsBgRemover: toolPage,
  AiToolsObjectRemover: toolPage,
  AiToolsPartialRedrawing: toolPage,
  AiToolsVideoEraser: toolPage,
  AiToolsAudioTools: toolPage,
  Effect: "features/effects/EffectsPage",
  EffectCreate: "features/effects/EffectCreatePage",
  Explore: "features/explore/ExplorePage",
  ExploreZone: "features/explore/ExploreZonePage",
  Libraries: "features/explore/LibrariesPage",
  Template: "features/explore/TemplatePage",
  Admin: "features/admin/AdminPage",
  "red1-to-ai-home": serverRedirectPlaceholder,
  "red1-to-home": serverRedirectPlaceholder,
  "red1-to-ai-root": serverRedirectPlaceholder,
  "red1-to-ai-root2": serverRedirectPlaceholder,
  "red1-to-t2v": serverRedirectPlaceholder,
  "red1-to-ai-v2t": serverRedirectPlaceholder,
  "red2-to-ai-home": serverRedirectPlaceholder,
  "red2-to-home": serverRedirectPlaceholder,
  "red2-to-ai-root": serverRedirectPlaceholder,
  "red2-to-ai-root2": serverRedirectPlaceholder,
  "red2-to-t2v": serverRedirectPlaceholder,
  "red2-to-ai-v2t": serverRedirectPlaceholder,
  CatchAll: "features/pages/CatchAllPage",
};
