/**
 * The template list modal (spec 01 §2: category tabs and audio preview items, item shape of §3)
 * and the feedback modal (an embedded page with query fid, lang, embed, theme and a source
 * JSON, spec 01 §7).
 *
 * Decisions: one preview plays at a time, and choosing an item stops it; the feedback page's
 * address comes from `VITE_FEEDBACK_URL` (none configured: the modal says feedback is unavailable).
 */
import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModalRecord } from "../modalStack";
import { envText } from "../../../env";
import { Icon } from "../icons";
import type { AudioTemplateItem } from "../modalTypes";

export function TemplateListModal({ record, close }: { record: ModalRecord<"templateList">; close: () => void }) {
  const { t } = useTranslation("overlays");
  const { categories, onSelect, title } = record.data;
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  useEffect(() => () => audio.current?.pause(), []);

  const toggle = (item: AudioTemplateItem) => {
    if (!item.preview) return;
    if (playing === item.preview) {
      audio.current?.pause();
      setPlaying(null);
      return;
    }
    audio.current?.pause();
    const el = new Audio(item.preview);
    el.onended = () => setPlaying(null);
    audio.current = el;
    setPlaying(item.preview);
    el.play().catch(() => setPlaying(null));
  };

  if (categories.length === 0) {
    return <p className="aivg-modal__message">{t("templateList.empty")}</p>;
  }
  return (
    <div className="aivg-template-list">
      <h2 className="aivg-modal__title">{title ?? t("templateList.title")}</h2>
      <Tabs.Root defaultValue={String(categories[0]?.id)}>
        <Tabs.List className="aivg-tabs" aria-label={t("templateList.categories")}>
          {categories.map((c) => (
            <Tabs.Trigger key={c.id} value={String(c.id)} className="aivg-tab">
              {c.title}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {categories.map((c) => (
          <Tabs.Content key={c.id} value={String(c.id)} className="aivg-template-list__items">
            {c.items.map((item) => (
              <div key={item.name} className="aivg-audio-item">
                {item.thumbnail ? <img src={item.thumbnail} alt="" width={48} height={48} /> : null}
                <div className="aivg-audio-item__text">
                  <strong>{item.name}</strong>
                  {item.description ? <span>{item.description}</span> : null}
                </div>
                {item.preview ? (
                  <button
                    type="button"
                    className="aivg-button aivg-button--icon"
                    aria-pressed={playing === item.preview}
                    aria-label={playing === item.preview ? t("templateList.pause") : t("templateList.play")}
                    onClick={() => toggle(item)}
                  >
                    <Icon name={playing === item.preview ? "pause" : "play"} />
                  </button>
                ) : null}
                <button
                  type="button"
                  className="aivg-button aivg-button--primary"
                  onClick={() => {
                    audio.current?.pause();
                    close();
                    onSelect(item);
                  }}
                >
                  {t("templateList.use")}
                </button>
              </div>
            ))}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

/** The address of the feedback page for the current user (spec 01 §7). */
export function feedbackUrl(
  base: string,
  data: { fid: string; source: Record<string, unknown>; theme?: string },
  lang: string,
): string {
  const url = new URL(base, window.location.href);
  url.searchParams.set("fid", data.fid);
  url.searchParams.set("lang", lang);
  url.searchParams.set("embed", "1");
  url.searchParams.set("theme", data.theme ?? "dark");
  url.searchParams.set("source", JSON.stringify(data.source));
  return url.toString();
}

export function FeedbackModal({ record, close }: { record: ModalRecord<"feedback">; close: () => void }) {
  const { t, i18n } = useTranslation("overlays");
  const base = envText("VITE_FEEDBACK_URL");
  return (
    <div className="aivg-feedback">
      <h2 className="aivg-modal__title">{t("feedback.title")}</h2>
      {base ? (
        <iframe
          className="aivg-feedback__frame"
          title={t("feedback.title")}
          src={feedbackUrl(base, record.data, i18n.language)}
          sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
        />
      ) : (
        <p className="aivg-modal__message">{t("feedback.unavailable")}</p>
      )}
      <div className="aivg-modal__actions">
        <button type="button" className="aivg-button aivg-button--secondary" onClick={close}>
          {t("common.close")}
        </button>
      </div>
    </div>
  );
}
