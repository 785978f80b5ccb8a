/**
 * The open modal records, each in a Radix Dialog (focus trap, Escape, aria roles), stacked from
 * core's dialog z-index; a backdrop click closes only the image-play modal
 * (docs/behaviour/languages-and-routes.md#overlays). Closing gives the focus back to the element
 * that had it when the modal opened (returnFocus.ts). Loaded by ModalHost when the first modal
 * opens.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { uiConstants } from "@aivg/core/rules";
import { Suspense, type ComponentType } from "react";
import { closeModal, mayDismiss } from "./modalAtoms";
import { backdropCloses, escapeCloses, type ModalRecord } from "./modalStack";
import type { ModalType } from "./modalTypes";
import { modalBodies } from "./modals/registry";
import { returnFocusOnClose, useOpener } from "./returnFocus";
import { useTranslation } from "react-i18next";
import "./modals.css";

const { dialogZIndex } = uiConstants();

/**
 * Escape (or the backdrop, where it closes) dismisses a record: a confirmation's `onCancel` runs,
 * as if Cancel had been pressed, so a caller waiting for an answer always gets one.
 */
function dismiss(record: ModalRecord, close: () => void): void {
  close();
  const data = record.data as { onCancel?: unknown };
  if (typeof data.onCancel === "function") (data.onCancel as () => void)();
}

function ModalLayer({ record, index }: { record: ModalRecord; index: number }) {
  const close = () => closeModal(record.id);
  const opener = useOpener(true);
  const Body = (record.component ?? modalBodies[record.type]) as ComponentType<{
    record: ModalRecord<ModalType>;
    close: () => void;
  }>;
  // Two z-index slots per layer: backdrop, then content.
  const z = dialogZIndex + index * 2;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && dismiss(record, close)}>
      <Dialog.Portal>
        <Dialog.Overlay className="aivg-modal-backdrop" style={{ zIndex: z }} data-modal-type={record.type} />
        <Dialog.Content
          className={`aivg-modal aivg-modal--${record.type}`}
          style={{ zIndex: z + 1 }}
          data-testid={`modal-${record.type}`}
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocusOnClose(opener)}
          onPointerDownOutside={(e) => {
            if (!backdropCloses(record) || !mayDismiss(record.id)) e.preventDefault();
          }}
          onEscapeKeyDown={(e) => {
            if (!escapeCloses(record) || !mayDismiss(record.id)) e.preventDefault();
          }}
        >
          <ModalTitle record={record} />
          <Suspense fallback={<ModalLoading />}>
            <Body record={record} close={close} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Shown while a body that loads on first use arrives. */
function ModalLoading() {
  const { t } = useTranslation("overlays");
  return (
    <p className="aivg-modal__message" role="status">
      {t("common.loading")}
    </p>
  );
}

/** Every dialog needs a name for screen readers; bodies show their own visible heading. */
function ModalTitle({ record }: { record: ModalRecord }) {
  const { t } = useTranslation("overlays");
  return <Dialog.Title className="aivg-visually-hidden">{t(`title.${record.type}`)}</Dialog.Title>;
}

export default function ModalLayers({ modals }: { modals: readonly ModalRecord[] }) {
  return (
    <>
      {modals.map((record, index) => (
        <ModalLayer key={record.id} record={record} index={index} />
      ))}
    </>
  );
}
