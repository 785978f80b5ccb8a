/**
 * The catch-all page (/:slug(.*)*). A free-form slug that no page serves is the non-fatal 404 of
 * docs/behaviour/languages-and-routes.md#error-page, "Page not found: {fullPath}", shown inside the
 * frame. CMS content for the path, when there is some, is injected by the CMS flow.
 */
import { useLocation } from "react-router";
import { ErrorPage } from "../error-page/ErrorPage";
import { noRouteMatches } from "../../routes/route-error";

export default function CatchAllPage() {
  const { pathname, search, hash } = useLocation();
  const error = noRouteMatches(pathname + search + hash);
  return <ErrorPage statusCode={error.statusCode} message={error.message} />;
}
