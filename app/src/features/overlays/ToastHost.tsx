/**
 * Renders the toasts: stacked at core's offsets (toastTop), faded and removed at core's phases
 * (toastPhase). A live region announces them. Toasts sit above dialogs (tooltip layer), since a
 * toast often reports what a dialog did.
 */
import { uiConstants } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtom } from "../../state/jotai";
import { Icon } from "./icons";
import { layoutToasts, liveToasts, nextToastChange, toastsAtom } from "./toasts";

const { tooltipZIndex } = uiConstants();

export function ToastHost() {
  const { t } = useTranslation("overlays");
  const [toasts, setToasts] = useAtom(toastsAtom);
  const [now, setNow] = useState(() => Date.now());

  // Re-render at the next phase change, and drop toasts that are gone. A toast added since the
  // last tick reads as visible (negative elapsed time), which it is.
  useEffect(() => {
    const wait = nextToastChange(toasts, Date.now());
    if (wait === undefined) return;
    const timer = setTimeout(() => {
      const at = Date.now();
      setNow(at);
      setToasts((list) => {
        const live = liveToasts(list, at);
        return live.length === list.length ? list : live;
      });
    }, wait);
    return () => clearTimeout(timer);
  }, [toasts, now, setToasts]);

  return (
    <div className="aivg-toasts" role="status" aria-live="polite" style={{ zIndex: tooltipZIndex }}>
      {layoutToasts(toasts, now).map(({ toast, phase, top }) => (
        <div key={toast.id} className={`aivg-toast aivg-toast--${toast.kind} aivg-toast--${phase}`} style={{ top }} data-testid={`toast-${toast.kind}`}>
          <span className="aivg-toast__text">{toast.text}</span>
          <button
            type="button"
            className="aivg-toast__close"
            aria-label={t("common.close")}
            onClick={() => setToasts((list) => list.filter((x) => x.id !== toast.id))}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
