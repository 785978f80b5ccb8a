/** The gift button that opens the check-in popup (docs/behaviour/credits-and-checkin.md#daily-check-in). */
import { useTranslation } from "react-i18next";
import { openCheckin } from "./checkinState";

export function CheckinGiftButton() {
  const { t } = useTranslation("checkin");
  return (
    <button type="button" className="icon-button" aria-label={t("open")} data-testid="checkin-gift" onClick={() => openCheckin()}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8">
        <rect x="3" y="9" width="18" height="12" rx="1.5" />
        <path d="M3 13h18M12 9v12M12 9c-2-4-6-5-6-2s4 2 6 2zm0 0c2-4 6-5 6-2s-4 2-6 2z" />
      </svg>
    </button>
  );
}
