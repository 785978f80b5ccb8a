/**
 * Error boundaries of the route table. A page's errors show inside the frame; a fatal error (a failed
 * route validation, or an error thrown above the pages) replaces the whole page.
 */
import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { trackError } from "../analytics";
import { RouteError } from "../../routes/route-error";
import { ErrorPage } from "./ErrorPage";
import "./error-page.css";

interface ErrorFacts {
  statusCode: number | undefined;
  message: string | undefined;
  stack: string | undefined;
  fatal: boolean;
}

/** The error object of docs/behaviour/calls-and-errors.md#the-error-catalogue (statusCode, message, stack) from whatever was thrown. */
export function errorFacts(error: unknown): ErrorFacts {
  if (error instanceof RouteError) {
    return { statusCode: error.statusCode, message: error.message, stack: error.stack, fatal: error.fatal };
  }
  if (isRouteErrorResponse(error)) {
    return { statusCode: error.status, message: error.statusText || String(error.data ?? ""), stack: undefined, fatal: false };
  }
  if (error instanceof Error) return { statusCode: 500, message: error.message, stack: error.stack, fatal: false };
  return { statusCode: 500, message: String(error), stack: undefined, fatal: false };
}

/** In the frame. A fatal error is re-thrown so the root boundary shows it without the frame. */
export function PageErrorBoundary() {
  const error = useRouteError();
  const facts = errorFacts(error);
  // Router-caught errors never reach the window error listener: report them here
  // (docs/behaviour/ads-and-experiments.md#analytics).
  useEffect(() => {
    if (!facts.fatal) trackError(facts.statusCode ?? "render_error", facts.message ?? "");
  }, [facts.fatal, facts.statusCode, facts.message]);
  if (facts.fatal) throw error;
  return <ErrorPage statusCode={facts.statusCode} message={facts.message} stack={facts.stack} />;
}

/** At the root: the whole page. */
export function FatalErrorBoundary() {
  const facts = errorFacts(useRouteError());
  useEffect(() => trackError(facts.statusCode ?? "render_error", facts.message ?? ""), [facts.statusCode, facts.message]);
  return (
    <main className="fatal-error">
      <ErrorPage statusCode={facts.statusCode} message={facts.message} stack={facts.stack} />
    </main>
  );
}
