import { useEffect, useState } from "react";

/**
 * False on the first render, true once the browser has painted it: lets a page commit its hero
 * (the LCP element) alone and bring what lies below it in the next render. Decided here (the spec
 * does not say how the home page paints): the hero comes first, the rest one frame later. The
 * header's promotion icon waits too: its countdown reads the browser's time zone, whose first
 * `Intl.DateTimeFormat` costs ~100 ms of a throttled phone's main thread (ICU's zone data).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // requestAnimationFrame runs before the next paint; the timeout after it, once that paint is done.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
