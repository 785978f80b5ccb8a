/**
 * Data a page's first screen shows that the page route's loader asks for beside the page's module
 * (page.tsx), instead of the page asking once it has rendered: a tool page's examples (their
 * pictures are the largest element of its first screen). Fire and forget: the page reads the shared
 * request (features/tools/demos.ts), and a failure is the page's to handle.
 */
import type { RouteMatch } from "@aivg/core/rules";
import { demosFor } from "../features/tools/demos";
import { pageSources, TOOL_PAGE } from "./page-sources";

export function prefetchPageData(match: RouteMatch): void {
  if (match.name in pageSources && pageSources[match.name as keyof typeof pageSources] === TOOL_PAGE) void demosFor(match.name);
}
