/**
 * The language switch (docs/behaviour/languages-and-routes.md#languages): the header's button and
 * its dialog (LanguageDialog.tsx: desktop list with Cancel and Confirm, phone sheet applying at
 * once). Choosing the current language just closes. The list is core's `switcherLanguages()` (zz
 * hidden). The dialog is rendered from the first opening on (see openedOnce.ts) and loaded then,
 * like the account dialogs (AccountDialog.tsx).
 */
import { languageByCode, type LanguageCode } from "@aivg/core/rules";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { useOpenedOnce } from "../overlays/openedOnce";
import { languageAtom } from "./state";
import { useSwitchLanguage } from "./switch-language";
import "./language.css";

const LanguageDialog = lazy(() => import("./LanguageDialog"));

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
  const trigger = useRef<HTMLButtonElement>(null);

  const apply = (code: LanguageCode) => {
    setOpen(false);
    if (code !== current) switchTo(code);
  };

  const onOpenChange = (next: boolean) => {
    if (next) setPending(current);
    setOpen(next);
  };

  const currentName = languageByCode(current).name;
  const mounted = useOpenedOnce(open);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="language-trigger"
        aria-label={t("switchLabel", { name: currentName })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => onOpenChange(true)}
      >
        <GlobeIcon />
        {!phone && <span>{currentName}</span>}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <LanguageDialog
            open={open}
            onOpenChange={onOpenChange}
            phone={phone}
            current={current}
            pending={pending}
            setPending={setPending}
            apply={apply}
            trigger={trigger}
          />
        </Suspense>
      )}
    </>
  );
}
