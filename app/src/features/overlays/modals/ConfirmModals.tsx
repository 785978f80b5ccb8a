/**
 * The confirmation modals of docs/behaviour/calls-and-errors.md#messages with their texts of
 * #messages: generic confirmation, restart (No/Yes), go-back (Cancel/Yes), auto-clip go-back,
 * credit consumption (Cancel/Continue). The texts of #messages are the `modal` namespace (core's
 * source-text ids `modal.*`); the rest is `overlays`.
 */
import { useTranslation } from "react-i18next";
import type { ModalRecord } from "../modalStack";

interface ConfirmViewProps {
  title?: string;
  message: string;
  cancelText: string;
  confirmText: string;
  onConfirm: () => void;
  onCancel?: () => void;
  close: () => void;
}

/** The shared layout: optional heading, message, Cancel and Confirm. */
export function ConfirmView({ title, message, cancelText, confirmText, onConfirm, onCancel, close }: ConfirmViewProps) {
  return (
    <div className="aivg-confirm">
      {title ? <h2 className="aivg-modal__title">{title}</h2> : null}
      <p className="aivg-modal__message">{message}</p>
      <div className="aivg-modal__actions">
        <button
          type="button"
          className="aivg-button aivg-button--secondary"
          data-testid="modal-cancel"
          onClick={() => {
            close();
            onCancel?.();
          }}
        >
          {cancelText}
        </button>
        <button
          type="button"
          className="aivg-button aivg-button--primary"
          data-testid="modal-confirm"
          onClick={() => {
            close();
            onConfirm();
          }}
        >
          {confirmText}
        </button>
      </div>
    </div>
  );
}

export function ConfirmModal({ record, close }: { record: ModalRecord<"confirm">; close: () => void }) {
  const { t } = useTranslation("overlays");
  const d = record.data;
  return (
    <ConfirmView
      title={d.title}
      message={d.message}
      cancelText={d.cancelText ?? t("confirm.cancel")}
      confirmText={d.confirmText ?? t("confirm.ok")}
      onConfirm={d.onConfirm}
      onCancel={d.onCancel}
      close={close}
    />
  );
}

export function GoBackModal({ record, close }: { record: ModalRecord<"goBack">; close: () => void }) {
  const { t: tModal } = useTranslation("modal");
  const d = record.data;
  return (
    <ConfirmView
      title={d.title ?? tModal("goBack.title")}
      message={d.message ?? tModal("goBack.message")}
      cancelText={tModal("goBack.cancel")}
      confirmText={tModal("goBack.yes")}
      onConfirm={d.onConfirm}
      onCancel={d.onCancel}
      close={close}
    />
  );
}

/** Auto-clip go-back: leaving the auto-clip step discards the clip (texts: our design). */
export function AutoClipGoBackModal({ record, close }: { record: ModalRecord<"autoClipGoBack">; close: () => void }) {
  const { t } = useTranslation("overlays");
  const { t: tModal } = useTranslation("modal");
  return (
    <ConfirmView
      title={t("autoClipGoBack.title")}
      message={t("autoClipGoBack.message")}
      cancelText={tModal("goBack.cancel")}
      confirmText={tModal("goBack.yes")}
      onConfirm={record.data.onConfirm}
      onCancel={record.data.onCancel}
      close={close}
    />
  );
}

export function ConsumptionModal({ record, close }: { record: ModalRecord<"consumption">; close: () => void }) {
  const { t: tModal } = useTranslation("modal");
  const d = record.data;
  if (!Number.isFinite(d.credits)) throw new Error(`consumption modal: credits must be a number, got ${d.credits}`);
  return (
    <ConfirmView
      message={tModal(d.purpose === "video" ? "consumption.video" : d.purpose === "image" ? "consumption.image" : "consumption.message", { n: d.credits })}
      cancelText={tModal("consumption.cancel")}
      confirmText={tModal("consumption.continue")}
      onConfirm={d.onContinue}
      onCancel={d.onCancel}
      close={close}
    />
  );
}

export function RestartModal({ record, close }: { record: ModalRecord<"restart">; close: () => void }) {
  const { t: tModal } = useTranslation("modal");
  return (
    <ConfirmView
      message={tModal("restart.message")}
      cancelText={tModal("restart.no")}
      confirmText={tModal("restart.yes")}
      onConfirm={record.data.onConfirm}
      onCancel={record.data.onCancel}
      close={close}
    />
  );
}
