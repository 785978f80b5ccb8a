/**
 * Mask painting for the object remover and partial redrawing: the user paints over the uploaded
 * picture; the mask (white strokes on transparent, the picture's size) is uploaded as a PNG and
 * sent as `mask_path`. Pointer events cover mouse, pen and touch.
 */
import { forwardRef, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** Brush diameter as a share of the picture's longer side (decision: big enough for a finger). */
const BRUSH_SHARE = 0.04;

export interface MaskHandle {
  /** The painted mask as PNG, or null when nothing is painted. */
  toBlob: () => Promise<Blob | null>;
}

export const MaskPainter = forwardRef<MaskHandle, { src: string; width: number; height: number }>(function MaskPainter({ src, width, height }, ref) {
  const { t } = useTranslation("tools");
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [painted, setPainted] = useState(false);

  useImperativeHandle(ref, () => ({
    toBlob: () =>
      new Promise((resolve) => {
        if (!painted || !canvas.current) return resolve(null);
        canvas.current.toBlob((b) => resolve(b), "image/png");
      }),
  }), [painted]);

  const paint = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const c = canvas.current;
    const ctx = c?.getContext("2d");
    if (!c || !ctx) return;
    const box = c.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * c.width;
    const y = ((e.clientY - box.top) / box.height) * c.height;
    ctx.fillStyle = "rgba(255,255,255,1)";
    ctx.beginPath();
    ctx.arc(x, y, (Math.max(c.width, c.height) * BRUSH_SHARE) / 2, 0, Math.PI * 2);
    ctx.fill();
    setPainted(true);
  };

  const clear = () => {
    const c = canvas.current;
    c?.getContext("2d")?.clearRect(0, 0, c.width, c.height);
    setPainted(false);
  };

  return (
    <div className="create-field">
      <span className="create-label">{t("mask.label")}</span>
      <div className="create-mask">
        <img src={src} alt="" />
        <canvas
          ref={canvas}
          width={width}
          height={height}
          data-testid="mask-canvas"
          style={{ opacity: 0.55 }}
          onPointerDown={(e) => {
            drawing.current = true;
            e.currentTarget.setPointerCapture(e.pointerId);
            paint(e);
          }}
          onPointerMove={(e) => drawing.current && paint(e)}
          onPointerUp={() => (drawing.current = false)}
          onPointerCancel={() => (drawing.current = false)}
        />
      </div>
      <div className="create-row">
        <button type="button" className="button button--secondary" onClick={clear} disabled={!painted}>{t("mask.clear")}</button>
      </div>
    </div>
  );
});
