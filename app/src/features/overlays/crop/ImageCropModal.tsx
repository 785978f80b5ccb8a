/**
 * The image crop dialog (docs/behaviour/uploads.md#image-crop "Image crop", #image-crop), driven by
 * core's crop geometry: presets within the model's ratio bounds (cropPresets), the box for a ratio
 * (cropBoxSize, 412) and its resizing by the corner handle (cropBoxResize: ratio kept, width at
 * least 40), the zoom range and its 10 steps (cropZoomRange, cropZoomStep), slider 0-100
 * (cropSliderToScale), wheel zoom (cropWheelZoom), drag kept inside the rules (cropClampView),
 * restore (cropRestore), and the source rectangle on confirm (cropRect). Pixels are prepared and
 * cut by core (cropImage.ts).
 *
 * Decisions: "Free" is offered only when the model gives no ratio bounds; decoding runs when the
 * dialog opens, with a loading state; a file the browser cannot decode closes the dialog and is
 * told to its opener (`onUnreadable`, else a toast) in plain words, never as a decoder's error
 * under the dialog's title; "Free" starts with the whole picture (cropStartBox); a
 * second Confirm while the result is being encoded is ignored. Cancel (or Escape) after the user
 * changed the automatic clip asks first (auto-clip go-back confirmation, cropChanged.ts): going
 * back discards the clip and the picture is not used; an untouched clip closes at once.
 */
import { type BoxSize, type CropView } from "@aivg/core/rules";
import {
  cropBoxResize,
  cropBoxSize,
  cropClampView,
  cropConstants,
  cropPresets,
  cropRect,
  cropRestore,
  cropScaleToSlider,
  cropStartBox,
  cropSliderToScale,
  cropWheelZoom,
  cropZoomRange,
  cropZoomStep,
  cropZoomTo,
} from "@aivg/core/later";
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ModalRecord } from "../modalStack";
import { openModal, setDismissGuard } from "../modalAtoms";
import { showToast } from "../toasts";
import { Icon } from "../icons";
import { cropChanged, type CropChoice } from "./cropChanged";
import { cropToFile, paintRgba, prepareCropSource, type CropSource } from "./cropImage";
import { useFit } from "./useFit";

const { sliderMax } = cropConstants();

type Load = { state: "loading" } | { state: "ready"; source: CropSource };

export function ImageCropModal({ record, close }: { record: ModalRecord<"imageCrop">; close: () => void }) {
  const { t } = useTranslation("overlays");
  const d = record.data;
  const [load, setLoad] = useState<Load>({ state: "loading" });

  const unreadable = useEffectEvent((e: unknown) => {
    console.warn("the picture could not be read", e);
    close();
    if (d.onUnreadable) d.onUnreadable();
    else showToast("error", t("crop.unreadable"));
  });
  useEffect(() => {
    let alive = true;
    prepareCropSource(d.source, d.maxValue)
      .then((source) => alive && setLoad({ state: "ready", source }))
      .catch((e: unknown) => alive && unreadable(e));
    return () => {
      alive = false;
    };
  }, [d.source, d.maxValue]);

  const cancel = () => {
    close();
    d.onCancel?.();
  };

  return (
    <div className="aivg-crop" data-testid="image-crop">
      <h2 className="aivg-modal__title">{t("crop.title")}</h2>
      {load.state === "loading" ? (
        <p className="aivg-modal__message" role="status">
          {t("crop.loading")}
        </p>
      ) : (
        <CropEditor recordId={record.id} source={load.source} data={d} close={close} />
      )}
      {load.state !== "ready" ? (
        <div className="aivg-modal__actions">
          <button type="button" className="aivg-button aivg-button--secondary" onClick={cancel}>
            {t("confirm.cancel")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

interface CropEditorProps {
  recordId: string;
  source: CropSource;
  data: ModalRecord<"imageCrop">["data"];
  close: () => void;
}

function CropEditor({ recordId, source, data, close }: CropEditorProps) {
  const { t } = useTranslation("overlays");
  const { width: iw, height: ih } = source;
  const presets = useMemo(() => cropPresets(data.minRatio ?? null, data.maxRatio ?? null), [data.minRatio, data.maxRatio]);
  const freeAllowed = data.minRatio == null && data.maxRatio == null;
  // The automatic clip the dialog opens with.
  const [start] = useState<CropChoice>(() => {
    const ratio = presets.find((p) => p.label === data.initialRatio)?.label ?? (freeAllowed ? null : (presets[0]?.label ?? null));
    const startBox = cropStartBox(presets.find((p) => p.label === ratio)?.ratio ?? null, iw, ih);
    return { ratio, box: startBox, view: cropRestore(iw, ih, startBox) };
  });
  const [ratioLabel, setRatioLabel] = useState<string | null>(start.ratio);
  const preset = presets.find((p) => p.label === ratioLabel);
  const [box, setBox] = useState<BoxSize>(start.box);
  const range = useMemo(() => cropZoomRange(iw, ih, box), [iw, ih, box]);
  const [view, setView] = useState<CropView>(start.view);
  const changed = cropChanged(start, { ratio: ratioLabel, box, view });
  const leave = useCallback(() => {
    close();
    data.onCancel?.();
  }, [close, data]);
  const cancel = useCallback(() => {
    if (changed) openModal("autoClipGoBack", { onConfirm: leave });
    else leave();
  }, [changed, leave]);
  // Escape goes the same way as Cancel.
  useEffect(() => {
    setDismissGuard(recordId, () => {
      if (!changed) return true;
      cancel();
      return false;
    });
    return () => setDismissGuard(recordId, null);
  }, [recordId, changed, cancel]);
  const drag = useRef<{ id: number; x: number; y: number; view: CropView } | null>(null);
  const resize = useRef<{ id: number; x: number; y: number; box: BoxSize } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);

  // Paint once per source (a stable ref callback), not on every drag frame.
  const paint = useCallback(
    (el: HTMLCanvasElement | null) => {
      if (!el) return;
      try {
        paintRgba(el, source);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    },
    [source],
  );
  // Another preset gives another box, seen from the restored view (Free: the whole picture).
  const selectRatio = (label: string | null) => {
    const next = presets.find((p) => p.label === label);
    const nextBox = cropStartBox(next ? next.ratio : null, iw, ih);
    setRatioLabel(label);
    setBox(nextBox);
    setView(cropRestore(iw, ih, nextBox));
  };

  const zoomTo = (scale: number) => setView((v) => cropZoomTo(iw, ih, box, v, scale));
  const slider = cropScaleToSlider(view.scale, range.minScale, range.maxScale);

  // The box drawn smaller on a narrow dialog; pointer moves in screen pixels become box pixels.
  const fit = useFit(frame, box.width);
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, view };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const g = drag.current;
    if (!g || g.id !== e.pointerId) return;
    setView(
      cropClampView(iw, ih, box, {
        scale: g.view.scale,
        offsetX: g.view.offsetX + (e.clientX - g.x) / fit,
        offsetY: g.view.offsetY + (e.clientY - g.y) / fit,
      }),
    );
  };

  const [busy, setBusy] = useState(false);
  // The corner handle resizes the box (core keeps the ratio, the 40 px minimum and the 412 px
  // bounds), and the view is brought back inside the rules for the new box.
  const onResizeDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    resize.current = { id: e.pointerId, x: e.clientX, y: e.clientY, box };
  };
  const onResizeMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const r = resize.current;
    if (!r || r.id !== e.pointerId) return;
    e.stopPropagation();
    const bounds = cropBoxSize(null);
    const next = cropBoxResize(r.box.width + (e.clientX - r.x) / fit, r.box.height + (e.clientY - r.y) / fit, preset ? preset.ratio : null, bounds);
    setBox(next);
    setView((v) => cropClampView(iw, ih, next, v));
  };

  const confirm = () => {
    if (busy) return;
    setBusy(true);
    const rect = cropRect(iw, ih, box, view);
    cropToFile(source, rect)
      .then((file) => {
        close();
        data.onConfirm({
          ...file,
          ...rect,
          cropRecord: { picture: source.picture, clip: { ...rect, ratio: ratioLabel, scale: view.scale } },
        });
      })
      .catch((e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      });
  };

  return (
    <>
      <div className="aivg-crop__ratios" role="radiogroup" aria-label={t("crop.ratio")}>
        {freeAllowed ? (
          <button type="button" role="radio" aria-checked={ratioLabel === null} className="aivg-chip" onClick={() => selectRatio(null)}>
            {t("crop.free")}
          </button>
        ) : null}
        {presets.map((p) => (
          <button
            key={p.label}
            type="button"
            role="radio"
            aria-checked={ratioLabel === p.label}
            className="aivg-chip"
            data-testid={`crop-ratio-${p.label}`}
            onClick={() => selectRatio(p.label)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div className="aivg-crop__frame" ref={frame}>
        <div className="aivg-crop__fit" style={{ width: box.width * fit, height: box.height * fit }}>
          <div
            className="aivg-crop__box"
            data-testid="crop-box"
            style={{ width: box.width, height: box.height, transform: fit < 1 ? `scale(${fit})` : undefined }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onWheel={(e) => zoomTo(cropWheelZoom(view.scale, e.deltaY, range.minScale, range.maxScale))}
          >
            <div
              className="aivg-crop__handle"
              role="presentation"
              data-testid="crop-resize"
              onPointerDown={onResizeDown}
              onPointerMove={onResizeMove}
              onPointerUp={() => (resize.current = null)}
              onPointerCancel={() => (resize.current = null)}
            />
            <canvas ref={paint} className="aivg-crop__image" style={{ transform: `translate(${view.offsetX}px, ${view.offsetY}px) scale(${view.scale})` }} />
          </div>
        </div>
      </div>
      <div className="aivg-crop__zoom">
        <button
          type="button"
          className="aivg-button aivg-button--icon"
          aria-label={t("crop.zoomOut")}
          data-testid="crop-zoom-out"
          onClick={() => zoomTo(cropZoomStep(view.scale, range.minScale, range.maxScale, -1))}
        >
          <Icon name="minus" />
        </button>
        <input
          type="range"
          min={0}
          max={sliderMax}
          step="any"
          value={slider}
          aria-label={t("crop.zoom")}
          data-testid="crop-slider"
          onChange={(e) => zoomTo(cropSliderToScale(Number(e.currentTarget.value), range.minScale, range.maxScale))}
        />
        <button
          type="button"
          className="aivg-button aivg-button--icon"
          aria-label={t("crop.zoomIn")}
          data-testid="crop-zoom-in"
          onClick={() => zoomTo(cropZoomStep(view.scale, range.minScale, range.maxScale, 1))}
        >
          <Icon name="plus" />
        </button>
      </div>
      {error ? (
        <p role="alert" className="aivg-modal__message">
          {t("crop.failed", { message: error })}
        </p>
      ) : null}
      <div className="aivg-modal__actions">
        <button type="button" className="aivg-button aivg-button--secondary" data-testid="crop-restore" onClick={() => setView(cropRestore(iw, ih, box))}>
          {t("crop.restore")}
        </button>
        <button type="button" className="aivg-button aivg-button--secondary" data-testid="crop-cancel" onClick={cancel}>
          {t("confirm.cancel")}
        </button>
        <button type="button" className="aivg-button aivg-button--primary" data-testid="crop-confirm" onClick={confirm} disabled={busy}>
          {t("crop.confirm")}
        </button>
      </div>
    </>
  );
}
