/**
 * Image preview (docs/behaviour/uploads.md#image-preview): zoom (0.25-4 in 0.2 steps: core's
 * previewZoomIn / previewZoomOut / previewZoomClamp), rotate, drag and group navigation, inside a
 * viewport of 90% of the window width by 94% of its height minus 32 px (core's previewViewport;
 * previewFit sizes the image). This is the image-play modal: a backdrop click closes it.
 *
 * Decisions: rotation in quarter turns; zoom, rotation and position reset when another image
 * of the group is shown; navigation stops at the ends (no wrap-around); arrow keys navigate.
 */
import { timings } from "@aivg/core/rules";
import { previewFit, previewViewport, previewZoomIn, previewZoomOut } from "@aivg/core/later";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ModalRecord } from "../modalStack";
import { Icon } from "../icons";

interface View {
  scale: number;
  rotation: number;
  x: number;
  y: number;
}
const INITIAL: View = { scale: 1, rotation: 0, x: 0, y: 0 };

/** The window size, updated at most once per core's resize throttle (docs/behaviour/languages-and-routes.md#page-frame: 200 ms). */
function useWindowSize() {
  const [size, setSize] = useState({ width: window.innerWidth, height: window.innerHeight });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        setSize({ width: window.innerWidth, height: window.innerHeight });
      }, timings().resizeThrottleMs);
    };
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("resize", onResize);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return size;
}

export function ImagePreviewModal({ record, close }: { record: ModalRecord<"imagePreview">; close: () => void }) {
  const { t } = useTranslation("overlays");
  const { images } = record.data;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, record.data.index), Math.max(0, images.length - 1)));
  const [view, setView] = useState<View>(INITIAL);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const win = useWindowSize();
  const drag = useRef<{ id: number; startX: number; startY: number; x: number; y: number } | null>(null);

  const image = images[index];
  const viewport = previewViewport(win.width, win.height);
  const fit = natural ? previewFit(natural.width, natural.height, win.width, win.height) : null;

  const go = (next: number) => {
    if (next < 0 || next >= images.length || next === index) return;
    setIndex(next);
    setNatural(null);
    setView(INITIAL);
  };
  const zoom = (dir: 1 | -1) => setView((v) => ({ ...v, scale: dir > 0 ? previewZoomIn(v.scale) : previewZoomOut(v.scale) }));
  const rotate = (quarter: 1 | -1) => setView((v) => ({ ...v, rotation: v.rotation + quarter * 90 }));

  const onPointerDown = (e: ReactPointerEvent<HTMLImageElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, startX: e.clientX, startY: e.clientY, x: view.x, y: view.y };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLImageElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    setView((v) => ({ ...v, x: d.x + e.clientX - d.startX, y: d.y + e.clientY - d.startY }));
  };
  const endDrag = () => {
    drag.current = null;
  };

  // Keys work wherever focus sits in the dialog (a button that just became disabled drops it).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowLeft") go(index - 1);
      else if (e.key === "ArrowRight") go(index + 1);
      else if (e.key === "+" || e.key === "=") zoom(1);
      else if (e.key === "-") zoom(-1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (!image) {
    return <p className="aivg-modal__message">{t("preview.empty")}</p>;
  }
  return (
    <div
      className="aivg-preview"
      style={{ width: viewport.width, height: viewport.height }}
      data-testid="image-preview"
      onWheel={(e) => zoom(e.deltaY < 0 ? 1 : -1)}
    >
      <div className="aivg-preview__stage">
        <img
          key={image.src}
          src={image.src}
          alt={image.alt ?? ""}
          draggable={false}
          data-testid="preview-image"
          data-scale={view.scale}
          data-rotation={view.rotation}
          data-x={view.x}
          data-y={view.y}
          onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          style={{
            width: fit?.width,
            height: fit?.height,
            transform: `translate(${view.x}px, ${view.y}px) rotate(${view.rotation}deg) scale(${view.scale})`,
          }}
        />
      </div>
      <div className="aivg-preview__toolbar" role="toolbar" aria-label={t("preview.toolbar")}>
        <button
          type="button"
          className="aivg-button aivg-button--icon"
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={t("preview.previous")}
          data-testid="preview-prev"
        >
          <Icon name="prev" />
        </button>
        <span className="aivg-preview__count" data-testid="preview-count">
          {t("preview.count", { current: index + 1, total: images.length })}
        </span>
        <button
          type="button"
          className="aivg-button aivg-button--icon"
          onClick={() => go(index + 1)}
          disabled={index === images.length - 1}
          aria-label={t("preview.next")}
          data-testid="preview-next"
        >
          <Icon name="next" />
        </button>
        <button
          type="button"
          className="aivg-button aivg-button--icon"
          onClick={() => zoom(-1)}
          aria-label={t("preview.zoomOut")}
          data-testid="preview-zoom-out"
        >
          <Icon name="minus" />
        </button>
        <span className="aivg-preview__zoom" data-testid="preview-zoom">
          {t("preview.zoom", { percent: Math.round(view.scale * 100) })}
        </span>
        <button type="button" className="aivg-button aivg-button--icon" onClick={() => zoom(1)} aria-label={t("preview.zoomIn")} data-testid="preview-zoom-in">
          <Icon name="plus" />
        </button>
        <button
          type="button"
          className="aivg-button aivg-button--icon"
          onClick={() => rotate(-1)}
          aria-label={t("preview.rotateLeft")}
          data-testid="preview-rotate-left"
        >
          <Icon name="rotateLeft" />
        </button>
        <button
          type="button"
          className="aivg-button aivg-button--icon"
          onClick={() => rotate(1)}
          aria-label={t("preview.rotateRight")}
          data-testid="preview-rotate-right"
        >
          <Icon name="rotateRight" />
        </button>
        <button
          type="button"
          className="aivg-button aivg-button--icon"
          onClick={() => setView(INITIAL)}
          aria-label={t("preview.reset")}
          data-testid="preview-reset"
        >
          <Icon name="reset" />
        </button>
        <button type="button" className="aivg-button aivg-button--icon" onClick={close} aria-label={t("common.close")} data-testid="preview-close">
          <Icon name="close" />
        </button>
      </div>
    </div>
  );
}
