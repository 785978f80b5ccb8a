/**
 * API answers the server wrote into the page's HTML for its first screen (server/src/spa/hints.rs,
 * `FIRST_SCREEN_DATA_ID`): `{"demos": <the data of GET /v1/common/demo/list>}` on a tool page. The
 * page renders them in its first render instead of after a request the HTTP client can send only
 * once WebAssembly is up (docs/performance.md). Read once; anything missing or malformed is no data
 * (the page then asks the API as before).
 */
const FIRST_SCREEN_DATA_ID = "aivg-first-screen";

let read: Record<string, unknown> | null | undefined;

function firstScreenData(): Record<string, unknown> | null {
  if (read === undefined) {
    read = null;
    const text = typeof document === "undefined" ? null : document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
    if (text) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) read = parsed as Record<string, unknown>;
      } catch (e) {
        console.warn("the page's first-screen data is not JSON", e);
      }
    }
  }
  return read;
}

/** The answer named `name` the page's HTML holds, if any. */
export function firstScreenAnswer(name: string): unknown {
  return firstScreenData()?.[name];
}

/** Forgets what was read (tests write another element). */
export function resetFirstScreenForTests(): void {
  read = undefined;
}
