/**
 * Mask painting for the object remover, the partial redraw and the video eraser (over the video's
 * first frame): the user paints over the picture with a brush (size slider), undoes stroke by
 * stroke or clears. Pointer events cover mouse, pen and touch; the canvas has `touch-action:
 * none` and captures the pointer, so a finger paints instead of scrolling the page. The mask is
 * exported at the picture's natural size (white = painted, black elsewhere; `maskStrokes.ts`) as
 * a PNG, uploaded by the page as `mask_path`.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BRUSH_DEFAULT_PERCENT,
  BRUSH_MAX_PERCENT,
  BRUSH_MIN_PERCENT,
  brushPixels,
  extendStroke,
  rasterizeMask,
  startStroke,
  undoStroke,
  type Point,
  type Stroke,
} from "./maskStrokes";

/** Colour of the painted area on screen (the canvas is shown half transparent over the picture). */
const PAINT_COLOUR = "#ff3b6b";

export interface MaskHandle {
  /** The mask as PNG (white painted, black elsewhere), or null when nothing is painted. */
  toBlob: () => Promise<Blob | null>;
}

export interface MaskPainterProps {
  src: string;
  /** The picture's natural size (0 = read it from the loaded image). */
  width: number;
  height: number;
  /** Called with whether anything is painted, after every stroke, undo and clear. */
  onPaintedChange?: (painted: boolean) => void;
}

function drawStrokes(canvas: HTMLCanvasElement, strokes: readonly Stroke[]): void {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = PAINT_COLOUR;
  ctx.fillStyle = PAINT_COLOUR;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const s of strokes) {
    const [first, ...rest] = s.points;
    if (!first) continue;
    if (rest.length === 0) {
      ctx.beginPath();
      ctx.arc(first.x, first.y, s.size / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.lineWidth = s.size;
    ctx.beginPath();
    ctx.moveTo(first.x, first.y);
    for (const p of rest) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }
}

/** Encodes RGBA pixels as PNG with the browser's encoder. */
function encodePng(pixels: Uint8ClampedArray, width: number, height: number): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return Promise.reject(new Error("canvas getContext fail"));
  ctx.putImageData(new ImageData(new Uint8ClampedArray(pixels), width, height), 0, 0);
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b), "image/png"));
}

export const MaskPainter = forwardRef<MaskHandle, MaskPainterProps>(function MaskPainter({ src, width, height, onPaintedChange }, ref) {
  const { t } = useTranslation("tools");
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ w: width, h: height });
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [brush, setBrush] = useState(BRUSH_DEFAULT_PERCENT);
  const drawing = useRef<number | null>(null);
  const painted = strokes.length > 0;

  useEffect(() => {
    if (canvas.current) drawStrokes(canvas.current, strokes);
  }, [strokes, size]);
  useEffect(() => {
    onPaintedChange?.(painted);
    // Gone (another picture, the upload removed): nothing is painted any more.
    return () => onPaintedChange?.(false);
  }, [painted, onPaintedChange]);

  useImperativeHandle(
    ref,
    () => ({ toBlob: () => (painted && size.w > 0 && size.h > 0 ? encodePng(rasterizeMask(strokes, size.w, size.h), size.w, size.h) : Promise.resolve(null)) }),
    [painted, strokes, size],
  );

  const pointOf = useCallback(
    (e: React.PointerEvent<HTMLCanvasElement>): Point => {
      const box = e.currentTarget.getBoundingClientRect();
      return {
        x: ((e.clientX - box.left) / Math.max(1, box.width)) * size.w,
        y: ((e.clientY - box.top) / Math.max(1, box.height)) * size.h,
      };
    },
    [size],
  );

  const stop = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== e.pointerId) return;
    drawing.current = null;
  };

  return (
    <div className="create-field" data-testid="mask-painter">
      <span className="create-label">{t("mask.label")}</span>
      <p className="create-note">{t("mask.hint")}</p>
      <div className="create-mask">
        <img
          src={src}
          alt=""
          draggable={false}
          onLoad={(e) => {
            const img = e.currentTarget;
            if (size.w <= 0 || size.h <= 0) setSize({ w: img.naturalWidth, h: img.naturalHeight });
          }}
        />
        {size.w > 0 && size.h > 0 ? (
          <canvas
            ref={canvas}
            width={size.w}
            height={size.h}
            data-testid="mask-canvas"
            data-strokes={strokes.length}
            aria-label={t("mask.canvas")}
            role="img"
            onPointerDown={(e) => {
              if (drawing.current !== null || (e.pointerType === "mouse" && e.button !== 0)) return;
              e.preventDefault();
              drawing.current = e.pointerId;
              try {
                e.currentTarget.setPointerCapture(e.pointerId);
              } catch {
                // A pointer the browser no longer tracks: the stroke still paints, uncaptured.
              }
              // Read the position now: the event's target is gone when the state updater runs.
              const at = pointOf(e);
              const diameter = brushPixels(brush, size.w, size.h);
              setStrokes((list) => startStroke(list, at, diameter));
            }}
            onPointerMove={(e) => {
              if (drawing.current !== e.pointerId) return;
              e.preventDefault();
              // Fast movements deliver several positions per event; keep them all for a smooth line.
              const native = e.nativeEvent;
              const events = typeof native.getCoalescedEvents === "function" ? native.getCoalescedEvents() : [];
              const box = e.currentTarget.getBoundingClientRect();
              const points =
                events.length > 0
                  ? events.map((c) => ({
                      x: ((c.clientX - box.left) / Math.max(1, box.width)) * size.w,
                      y: ((c.clientY - box.top) / Math.max(1, box.height)) * size.h,
                    }))
                  : [pointOf(e)];
              setStrokes((list) => points.reduce(extendStroke, list));
            }}
            onPointerUp={stop}
            onPointerCancel={stop}
            onLostPointerCapture={stop}
          />
        ) : null}
      </div>
      <div className="create-row create-mask__tools">
        <label className="create-mask__brush">
          <span>{t("mask.brush")}</span>
          <input
            type="range"
            min={BRUSH_MIN_PERCENT}
            max={BRUSH_MAX_PERCENT}
            value={brush}
            data-testid="mask-brush"
            onChange={(e) => setBrush(Number(e.target.value))}
          />
        </label>
        <button type="button" className="button button--secondary" data-testid="mask-undo" onClick={() => setStrokes(undoStroke)} disabled={!painted}>
          {t("mask.undo")}
        </button>
        <button type="button" className="button button--secondary" data-testid="mask-clear" onClick={() => setStrokes([])} disabled={!painted}>
          {t("mask.clear")}
        </button>
      </div>
    </div>
  );
});
