/**
 * The prelaunch success, ended and failed modals
 * (docs/behaviour/ads-and-experiments.md#prelaunch-promotion; their texts are not given by the
 * spec, so they are ours, in the promo namespace). Rendered through the modal system's component
 * slot.
 */
import { useTranslation } from "react-i18next";
import type { ModalRecord } from "../overlays/modalStack";
import type { PromoOutcome } from "./prelaunch";
import "../overlays/modals.css";

export function PromoResultModal({ record, close }: { record: ModalRecord<"custom">; close: () => void }) {
  const { t } = useTranslation("promo");
  const outcome = record.data.outcome as PromoOutcome;
  return (
    <div className={`aivg-promo aivg-promo--${outcome}`} data-testid={`promo-${outcome}`}>
      <h2 className="aivg-modal__title">{t(`${outcome}.title`)}</h2>
      <p className="aivg-modal__message">{t(`${outcome}.message`)}</p>
      <div className="aivg-modal__actions">
        <button type="button" className="aivg-button aivg-button--primary" onClick={close}>
          {t(`${outcome}.button`)}
        </button>
      </div>
    </div>
  );
}
