/**
 * docs/behaviour/languages-and-routes.md#routes: scrolling goes to the top when the path changes, or to
 * the hash target when one is present.
 */
import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const previousPath = useRef<string | null>(null);

  useLayoutEffect(() => {
    const pathChanged = previousPath.current !== null && previousPath.current !== pathname;
    previousPath.current = pathname;
    if (hash.length > 1) {
      const id = decodeURIComponent(hash.slice(1));
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (pathChanged) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return null;
}
