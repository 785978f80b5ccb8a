/**
 * Data a page's first screen shows that the page route's loader asks for beside the page's module
 * (page.tsx), instead of the page asking once it has rendered: a tool page's examples (their
 * pictures are the largest element of its first screen). The page reads the shared request
 * (features/tools/demos.ts); a failure is the page's to handle, so the promise never rejects.
 */
import type { RouteMatch } from "@aivg/core/rules";
import { demosFor } from "../features/tools/demos";
import { pageSources, TOOL_PAGE } from "./page-sources";

/** Starts the first screen's requests of the route; resolves once their answers are in (or failed). */
export function prefetchPageData(match: RouteMatch): Promise<void> {
  if (match.name in pageSources && pageSources[match.name as keyof typeof pageSources] === TOOL_PAGE) return demosFor(match.name).then(() => {});
  return Promise.resolve();
}
