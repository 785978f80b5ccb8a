/**
 * What a visitor's browser reports as wrong while a page loads: console errors, uncaught errors,
 * requests that failed and answers of 400 or more. The specs that walk the site's pages
 * (every-route.spec.ts, screens.spec.ts) fail on any of them.
 */
import type { Page } from "@playwright/test";

export interface PageProblems {
  /** What went wrong since the last `take()`, one line each; clears the list. */
  take: () => string[];
}

/**
 * Starts recording `page`'s problems. `expectedStatus(url)` gives the status a request is meant
 * to get when that is not a success (a not-found page's own document is a 404, and Chromium then
 * logs "Failed to load resource" for it).
 */
export function watchProblems(page: Page, expectedStatus: (url: string) => number | undefined = () => undefined): PageProblems {
  let lines: string[] = [];
  const expected = (url: string, status: number) => expectedStatus(url) === status;
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const at = message.location().url;
    // The console line Chromium writes for an answer this watch already judged by its status.
    if (/^Failed to load resource: the server responded with a status of (\d+)/.test(message.text())) {
      const status = Number(/status of (\d+)/.exec(message.text())?.[1]);
      if (expected(at, status)) return;
    }
    lines.push(`console error: ${message.text()}${at ? ` (${at})` : ""}`);
  });
  page.on("pageerror", (error) => lines.push(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => {
    const error = request.failure()?.errorText ?? "?";
    // Cancelled by the browser (a navigation leaving the page, a video fetching another range),
    // not refused: a refusal is also an answer of 400 or more, reported below.
    if (error !== "net::ERR_ABORTED") lines.push(`request failed: ${request.url()} (${error})`);
  });
  page.on("response", (response) => {
    const status = response.status();
    if (status >= 400 && !expected(response.url(), status)) lines.push(`HTTP ${status}: ${response.url()}`);
  });
  return {
    take: () => {
      const taken = lines;
      lines = [];
      return taken;
    },
  };
}
