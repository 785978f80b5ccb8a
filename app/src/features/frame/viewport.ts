/**
 * The viewport width class, throttled on resize (core's `timings().resizeThrottleMs`, 200 ms,
 * docs/behaviour/languages-and-routes.md#page-frame). The phone test itself (below 768 px) is core's
 * `isPhone`.
 */
import { isPhone, timings } from "@aivg/core/rules";
import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void): () => void {
  const wait = timings().resizeThrottleMs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onResize = () => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      onChange();
    }, wait);
  };
  window.addEventListener("resize", onResize);
  return () => {
    window.removeEventListener("resize", onResize);
    if (timer !== null) clearTimeout(timer);
  };
}

/** Whether the phone layout applies now. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isPhone(window.innerWidth),
    () => false,
  );
}
