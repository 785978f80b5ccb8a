/**
 * The painted mask as data: brush strokes in the picture's own pixels, and the mask they make
 * (the catalogue's `mask_path` field: a PNG at the picture's size, white = the area to change,
 * black elsewhere). Pure, so the export is tested without a browser; the painter draws the same
 * strokes on screen and encodes these pixels as PNG.
 */

export interface Point {
  x: number;
  y: number;
}

/** One stroke: what one press of the pointer painted. */
export interface Stroke {
  /** Brush diameter in picture pixels. */
  size: number;
  points: Point[];
}

/** Brush diameter bounds, as a share of the picture's longer side in percent (decision). */
export const BRUSH_MIN_PERCENT = 1;
export const BRUSH_MAX_PERCENT = 15;
/** Big enough for a finger on a phone, small enough for a detail with a mouse (decision). */
export const BRUSH_DEFAULT_PERCENT = 4;

/** The brush diameter in picture pixels for a slider value (percent of the longer side). */
export function brushPixels(percent: number, width: number, height: number): number {
  const p = Math.min(BRUSH_MAX_PERCENT, Math.max(BRUSH_MIN_PERCENT, percent));
  return Math.max(1, Math.round((p / 100) * Math.max(width, height)));
}

/** The strokes with a new one started at `at`. */
export function startStroke(strokes: readonly Stroke[], at: Point, size: number): Stroke[] {
  return [...strokes, { size, points: [at] }];
}

/** The strokes with the last one drawn on to `to`. */
export function extendStroke(strokes: readonly Stroke[], to: Point): Stroke[] {
  const last = strokes[strokes.length - 1];
  if (!last) return [...strokes];
  return [...strokes.slice(0, -1), { size: last.size, points: [...last.points, to] }];
}

/** Undo removes the last stroke (one press of the pointer), whatever its length. */
export function undoStroke(strokes: readonly Stroke[]): Stroke[] {
  return strokes.slice(0, -1);
}

/** Squared distance from (px, py) to the segment a–b. */
function distance2(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - a.x) * dx + (py - a.y) * dy) / len2));
  const cx = a.x + t * dx - px;
  const cy = a.y + t * dy - py;
  return cx * cx + cy * cy;
}

/**
 * The mask of the strokes as RGBA pixels (row-major, `width × height × 4`): a pixel whose centre
 * lies within half the brush of a stroke is white, every other one black; all opaque. Only the
 * pixels near each segment are visited, so a full-size photo exports quickly.
 */
export function rasterizeMask(strokes: readonly Stroke[], width: number, height: number): Uint8ClampedArray {
  const w = Math.max(0, Math.floor(width));
  const h = Math.max(0, Math.floor(height));
  const px = new Uint8ClampedArray(w * h * 4);
  for (let i = 3; i < px.length; i += 4) px[i] = 255;
  for (const stroke of strokes) {
    const r = stroke.size / 2;
    const r2 = r * r;
    const points = stroke.points;
    for (let s = 0; s < Math.max(1, points.length - 1); s += 1) {
      const a = points[s];
      const b = points[s + 1] ?? a;
      if (!a || !b) continue;
      const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
      const x1 = Math.min(w - 1, Math.ceil(Math.max(a.x, b.x) + r));
      const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
      const y1 = Math.min(h - 1, Math.ceil(Math.max(a.y, b.y) + r));
      for (let y = y0; y <= y1; y += 1) {
        for (let x = x0; x <= x1; x += 1) {
          if (distance2(x + 0.5, y + 0.5, a, b) <= r2) {
            const o = (y * w + x) * 4;
            px[o] = 255;
            px[o + 1] = 255;
            px[o + 2] = 255;
          }
        }
      }
    }
  }
  return px;
}
