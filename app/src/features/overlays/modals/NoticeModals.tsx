/**
 * The informational modals of docs/behaviour/calls-and-errors.md#messages: drive-space error (texts
 * of #messages; Close and Upgrade Plan both only close), effect detail tip, audio edit choice
 * (first option preselected, docs/behaviour/tasks-and-queue.md#templates), mobile video
 * (#templates: videoLink, thumbnailLink, ratio, setTemplate).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModalRecord } from "../modalStack";

export function DriveSpaceModal({ record, close }: { record: ModalRecord<"driveSpace">; close: () => void }) {
  const { t: tModal } = useTranslation("modal");
  return (
    <div className="aivg-notice">
      <h2 className="aivg-modal__title">{tModal("driveSpace.title")}</h2>
      <p className="aivg-modal__message">{record.data.message ?? tModal("driveSpace.message")}</p>
      <div className="aivg-modal__actions">
        <button type="button" className="aivg-button aivg-button--secondary" onClick={close}>
          {tModal("driveSpace.close")}
        </button>
        <button type="button" className="aivg-button aivg-button--primary" onClick={close}>
          {tModal("driveSpace.upgrade")}
        </button>
      </div>
    </div>
  );
}

export function EffectDetailTipModal({ record, close }: { record: ModalRecord<"effectDetailTip">; close: () => void }) {
  const { t } = useTranslation("overlays");
  const d = record.data;
  return (
    <div className="aivg-notice">
      <h2 className="aivg-modal__title">{d.title}</h2>
      {d.videoUrl ? (
        <video className="aivg-notice__media" src={d.videoUrl} poster={d.imageUrl} autoPlay loop muted playsInline />
      ) : d.imageUrl ? (
        <img className="aivg-notice__media" src={d.imageUrl} alt="" />
      ) : null}
      <p className="aivg-modal__message">{d.content}</p>
      <div className="aivg-modal__actions">
        <button type="button" className="aivg-button aivg-button--primary" onClick={close}>
          {t("effectDetailTip.gotIt")}
        </button>
      </div>
    </div>
  );
}

export function AudioEditChoiceModal({ record, close }: { record: ModalRecord<"audioEditChoice">; close: () => void }) {
  const { t } = useTranslation("overlays");
  const { options, onChoose, title } = record.data;
  // docs/behaviour/calls-and-errors.md#messages: the audio modal defaults to the first option.
  const [value, setValue] = useState(options[0]?.value ?? "");
  return (
    <form
      className="aivg-notice"
      onSubmit={(e) => {
        e.preventDefault();
        close();
        onChoose(value);
      }}
    >
      <h2 className="aivg-modal__title">{title ?? t("audioEditChoice.title")}</h2>
      <div role="radiogroup" className="aivg-choice-list">
        {options.map((o) => (
          <label key={o.value} className="aivg-choice">
            <input type="radio" name="audio-edit" value={o.value} checked={value === o.value} onChange={() => setValue(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <div className="aivg-modal__actions">
        <button type="button" className="aivg-button aivg-button--secondary" onClick={close}>
          {t("confirm.cancel")}
        </button>
        <button type="submit" className="aivg-button aivg-button--primary" disabled={options.length === 0}>
          {t("confirm.ok")}
        </button>
      </div>
    </form>
  );
}

/** `ratio` is "w:h" (e.g. "9:16"); anything else shows the video at its own ratio. */
function cssRatio(ratio: string | undefined): string | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*[:/]\s*(\d+(?:\.\d+)?)\s*$/.exec(ratio ?? "");
  return m ? `${m[1]} / ${m[2]}` : undefined;
}

export function MobileVideoModal({ record, close }: { record: ModalRecord<"mobileVideo">; close: () => void }) {
  const { t } = useTranslation("overlays");
  const d = record.data;
  return (
    <div className="aivg-mobile-video">
      <video
        className="aivg-mobile-video__player"
        style={{ aspectRatio: cssRatio(d.ratio) }}
        src={d.videoLink}
        poster={d.thumbnailLink}
        controls
        autoPlay
        playsInline
      />
      <div className="aivg-modal__actions">
        <button type="button" className="aivg-button aivg-button--secondary" onClick={close}>
          {t("common.close")}
        </button>
        {d.setTemplate ? (
          <button
            type="button"
            className="aivg-button aivg-button--primary"
            onClick={() => {
              close();
              d.setTemplate?.();
            }}
          >
            {t("mobileVideo.useTemplate")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
