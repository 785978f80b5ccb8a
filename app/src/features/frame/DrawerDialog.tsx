/**
 * The phone menu's dialog (docs/behaviour/languages-and-routes.md#page-frame): a slide-in drawer
 * from the left with a navigation bar title. Width rules (80vw, min 280 px) are in frame.css. Radix
 * Dialog gives the focus trap, Escape and the overlay. Loaded by Drawer on the first opening.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import { Sidebar } from "./Sidebar";

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export default function DrawerDialog({ open, onOpenChange }: DrawerProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <div className="drawer-bar">
            <Dialog.Title className="drawer-title">{t("navigation")}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t("closeMenu")}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <Sidebar onSelect={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
