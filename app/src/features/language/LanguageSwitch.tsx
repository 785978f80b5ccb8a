/**
 * The language switch (spec 01 §4). Desktop: a dialog with a two-column list, Cancel and Confirm (the
 * choice applies on Confirm). Phone: a bottom popover whose choice applies at once. Choosing the current
 * language just closes. The list is core's `switcherLanguages()` (zz hidden). Radix Dialog provides focus
 * handling, Escape and the overlay.
 */
import { languageByCode, switcherLanguages, type LanguageCode } from "@aivg/core/rules";
import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { useOpenedOnce } from "../overlays/openedOnce";
import { languageAtom } from "./state";
import { useSwitchLanguage } from "./switch-language";
import "./language.css";

const choices = switcherLanguages();

function GlobeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </svg>
  );
}

export function LanguageSwitch({ phone }: { phone: boolean }) {
  const { t } = useTranslation("language");
  const current = useAtomValue(languageAtom);
  const switchTo = useSwitchLanguage();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<LanguageCode>(current);

  const apply = (code: LanguageCode) => {
    setOpen(false);
    if (code !== current) switchTo(code);
  };

  const onOpenChange = (next: boolean) => {
    if (next) setPending(current);
    setOpen(next);
  };

  const currentName = languageByCode(current).name;
  // The dialog's portal mounts from the first opening on (see openedOnce.ts); the trigger always.
  const mounted = useOpenedOnce(open);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className="language-trigger" aria-label={t("switchLabel", { name: currentName })}>
        <GlobeIcon />
        {!phone && <span>{currentName}</span>}
      </Dialog.Trigger>
      {mounted && (
        <Dialog.Portal>
          <Dialog.Overlay className="language-overlay" />
          <Dialog.Content className={phone ? "language-sheet" : "language-dialog"} data-testid={phone ? "language-sheet" : "language-dialog"}>
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
      )}
    </Dialog.Root>
  );
}
