/**
 * The Radix dialog frame of the account features (focus trap, Escape, aria roles from the
 * library), stacked at core's dialog z-index. `fullScreen` makes it full screen
 * (docs/behaviour/pricing-and-purchase.md#purchase-popup: buy dialog full screen on phones). Loaded
 * by AccountDialog on the first opening.
 *
 * Closing gives the focus back to the element that had it when the dialog opened (the Pricing
 * button, the gift button…; overlays/returnFocus.ts).
 */
import * as Dialog from "@radix-ui/react-dialog";
import { uiConstants } from "@aivg/core/rules";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { returnFocusOnClose, useOpener } from "../overlays/returnFocus";

const { dialogZIndex } = uiConstants();

export interface AccountDialogProps {
  open: boolean;
  onClose: (reason: "user") => void;
  title: string;
  /** Visually hidden title (the content shows its own heading). */
  hideTitle?: boolean;
  className?: string;
  style?: CSSProperties;
  fullScreen?: boolean;
  zIndex?: number;
  children: ReactNode;
  testId?: string;
}

export default function AccountDialogFrame({ open, onClose, title, hideTitle, className, style, fullScreen, zIndex, children, testId }: AccountDialogProps) {
  const { t } = useTranslation("account");
  const z = zIndex ?? dialogZIndex;
  const opener = useOpener(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose("user")}>
      <Dialog.Portal>
        <Dialog.Overlay className="acc-backdrop" style={{ zIndex: z }} />
        <Dialog.Content
          className={`acc-dialog${fullScreen ? " acc-dialog--full" : ""}${className ? ` ${className}` : ""}`}
          style={{ ...style, zIndex: z + 1 }}
          aria-describedby={undefined}
          data-testid={testId}
          onCloseAutoFocus={returnFocusOnClose(opener)}
        >
          <Dialog.Title className={hideTitle ? "visually-hidden" : "acc-dialog__title"}>{title}</Dialog.Title>
          <Dialog.Close className="acc-dialog__close" aria-label={t("close")}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
