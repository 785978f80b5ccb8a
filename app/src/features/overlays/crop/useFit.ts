/**
 * How much the crop box is drawn smaller so that it fits its dialog: core gives the box in display
 * pixels, up to 412 wide (docs/behaviour/uploads.md#image-crop), wider than a phone's dialog (390 px
 * screen), which cut off the box's right part. The box keeps core's geometry and is drawn scaled
 * by this factor (at most 1); pointer movements are divided by it, so a drag still moves the
 * picture under the finger. Decision of this project: the spec sizes the box for a desktop.
 */
import { useLayoutEffect, useState, type RefObject } from "react";

export function useFit(frame: RefObject<HTMLElement | null>, width: number): number {
  const [available, setAvailable] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setAvailable(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame]);
  return fitFactor(available, width);
}

/** The scale that fits `width` into `available` (1 when it fits, or before the first measure). */
export function fitFactor(available: number | null, width: number): number {
  if (available === null || available <= 0 || width <= 0) return 1;
  return Math.min(1, available / width);
}
