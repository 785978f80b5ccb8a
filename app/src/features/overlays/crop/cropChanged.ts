/**
 * Whether the user changed the crop the dialog proposed on opening (its automatic clip: the first
 * allowed ratio, the whole box, the restored view). Cancelling a changed crop asks first (the
 * auto-clip go-back confirmation, docs/behaviour/languages-and-routes.md#overlays overlays); an
 * untouched one closes at once.
 */
import type { BoxSize, CropView } from "@aivg/core/rules";

export interface CropChoice {
  ratio: string | null;
  box: BoxSize;
  view: CropView;
}

/** Differences below this many pixels (or scale units) are rounding, not a change. */
const EPSILON = 1e-6;

const same = (a: number, b: number) => Math.abs(a - b) <= EPSILON;

export function cropChanged(start: CropChoice, now: CropChoice): boolean {
  return !(
    start.ratio === now.ratio &&
    same(start.box.width, now.box.width) &&
    same(start.box.height, now.box.height) &&
    same(start.view.scale, now.view.scale) &&
    same(start.view.offsetX, now.view.offsetX) &&
    same(start.view.offsetY, now.view.offsetY)
  );
}
