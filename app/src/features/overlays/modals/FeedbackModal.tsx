/**
 * The feedback modal: the deployment's feedback page in a frame (address and messages:
 * feedbackPage.ts). A sent feedback closes the modal and shows the success toast
 * (docs/behaviour/calls-and-errors.md#messages).
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ModalRecord } from "../modalStack";
import { showToast } from "../toasts";
import { feedbackPageAddress, feedbackUrl, readFeedbackMessage } from "./feedbackPage";

export function FeedbackModal({ record, close }: { record: ModalRecord<"feedback">; close: () => void }) {
  const { t, i18n } = useTranslation("overlays");
  const base = feedbackPageAddress();
  const src = base ? feedbackUrl(base, record.data, i18n.language, window.location.href) : null;
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!src) return;
    const pageOrigin = new URL(src).origin;
    const onMessage = (e: MessageEvent) => {
      if (e.source !== frame.current?.contentWindow) return;
      const message = readFeedbackMessage(e.origin, e.data, pageOrigin);
      if (message === null) return;
      close();
      if (message === "success") showToast("success", t("feedback.sent"));
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [src, close, t]);

  return (
    <div className="aivg-feedback">
      <h2 className="aivg-modal__title">{t("feedback.title")}</h2>
      {src ? (
        <iframe
          ref={frame}
          className="aivg-feedback__frame"
          title={t("feedback.title")}
          src={src}
          data-testid="feedback-frame"
          sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
        />
      ) : (
        <p className="aivg-modal__message">{t("feedback.unavailable")}</p>
      )}
      <div className="aivg-modal__actions">
        <button type="button" className="aivg-button aivg-button--secondary" onClick={close}>
          {t("common.close")}
        </button>
      </div>
    </div>
  );
}
