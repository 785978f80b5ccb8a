/**
 * The language switch's dialog (docs/behaviour/languages-and-routes.md#languages). Desktop: a
 * two-column list, Cancel and Confirm (the choice applies on Confirm). Phone: a bottom sheet whose
 * choice applies at once. Radix Dialog provides focus handling, Escape and the overlay; focus
 * returns to the switch's button on close. Loaded by LanguageSwitch on the first opening.
 */
import { switcherLanguages, type LanguageCode } from "@aivg/core/rules";
import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import "./language-dialog.css";

const choices = switcherLanguages();

export interface LanguageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  phone: boolean;
  current: LanguageCode;
  pending: LanguageCode;
  setPending: (code: LanguageCode) => void;
  apply: (code: LanguageCode) => void;
  /** The switch's button, focused again when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

export default function LanguageDialog({ open, onOpenChange, phone, current, pending, setPending, apply, trigger }: LanguageDialogProps) {
  const { t } = useTranslation("language");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="language-overlay" />
        <Dialog.Content
          className={phone ? "language-sheet" : "language-dialog"}
          data-testid={phone ? "language-sheet" : "language-dialog"}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <Dialog.Title className="language-title">{t("dialogTitle")}</Dialog.Title>
          <Dialog.Description className="visually-hidden">{t("dialogDescription")}</Dialog.Description>
          <ul className={phone ? "language-list" : "language-list language-list--columns"} role="listbox" aria-label={t("dialogTitle")}>
            {choices.map((language) => {
              const selected = phone ? language.code === current : language.code === pending;
              return (
                <li key={language.code} role="presentation">
                  <button
                    type="button"
                    role="option"
                    aria-selected={selected}
                    lang={language.tag}
                    className={selected ? "language-option language-option--selected" : "language-option"}
                    onClick={() => (phone ? apply(language.code) : setPending(language.code))}
                  >
                    {language.name}
                  </button>
                </li>
              );
            })}
          </ul>
          {!phone && (
            <div className="language-actions">
              <Dialog.Close className="button button--secondary">{t("cancel")}</Dialog.Close>
              <button type="button" className="button button--primary" onClick={() => apply(pending)}>
                {t("confirm")}
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
