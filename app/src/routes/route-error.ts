/**
 * The error object of docs/behaviour/calls-and-errors.md#the-error-catalogue (statusCode, message,
 * stack) plus whether it is fatal. A fatal error replaces the whole page (no header, no sidebar); a
 * non-fatal one shows inside the frame.
 */
export class RouteError extends Error {
  readonly statusCode: number;
  readonly fatal: boolean;

  constructor(statusCode: number, message: string, fatal: boolean) {
    super(message);
    this.name = "RouteError";
    this.statusCode = statusCode;
    this.fatal = fatal;
  }
}

/** The router path with its query, as the error messages of docs/behaviour/calls-and-errors.md#the-error-catalogue print it ({fullPath}). */
export function fullPath(url: URL): string {
  return url.pathname + url.search + url.hash;
}

/** docs/behaviour/languages-and-routes.md#routes, #error-page: a route validation that fails is a fatal 404 "Page Not Found: {fullPath}". */
export function validationFailed(url: URL): RouteError {
  return new RouteError(404, `Page Not Found: ${fullPath(url)}`, true);
}

/** docs/behaviour/languages-and-routes.md#error-page: no route matches, a non-fatal 404 "Page not found: {fullPath}". */
export function noRouteMatches(path: string): RouteError {
  return new RouteError(404, `Page not found: ${path}`, false);
}
