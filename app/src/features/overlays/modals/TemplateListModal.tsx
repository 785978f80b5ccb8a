/**
 * The template list modal (docs/behaviour/uploads.md#image-preview: category tabs and audio preview
 * items, item shape of docs/behaviour/tasks-and-queue.md#templates) with "Load more" per category
 * (paging rule of #templates through core, see templatePaging.ts).
 *
 * Decisions: one preview plays at a time, and choosing an item stops it.
 */
import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModalRecord } from "../modalStack";
import { Icon } from "../icons";
import type { AudioTemplateItem, TemplateListCategory } from "../modalTypes";
import { firstPages, nextPage, showsLoadMore, withPage, type CategoryPages } from "./templatePaging";

type PagesById = Record<string, CategoryPages>;

function initialPages(categories: readonly TemplateListCategory[]): PagesById {
  return Object.fromEntries(categories.map((c) => [String(c.id), firstPages(c)]));
}

export function TemplateListModal({ record, close }: { record: ModalRecord<"templateList">; close: () => void }) {
  const { t } = useTranslation("overlays");
  const { categories, onSelect, title, loadPage } = record.data;
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [pages, setPages] = useState<PagesById>(() => initialPages(categories));
  // Categories with a page on the way: a second click before the button disables asks nothing.
  const inFlight = useRef(new Set<string>());
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      audio.current?.pause();
    };
  }, []);

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

  const loadMore = (category: TemplateListCategory) => {
    const key = String(category.id);
    const current = pages[key];
    const query = current ? nextPage(current) : undefined;
    if (!query || !loadPage || inFlight.current.has(key)) return;
    const update = (next: (p: CategoryPages) => CategoryPages) =>
      setPages((all) => {
        const p = all[key];
        return p ? { ...all, [key]: next(p) } : all;
      });
    inFlight.current.add(key);
    update((p) => ({ ...p, loading: true, error: null }));
    loadPage(category.id, query)
      .then((page) => alive.current && update((p) => withPage(p, page.items, page.total)))
      .catch((e: unknown) => alive.current && update((p) => ({ ...p, loading: false, error: e instanceof Error ? e.message : String(e) })))
      .finally(() => inFlight.current.delete(key));
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
        {categories.map((c) => {
          const page = pages[String(c.id)] ?? firstPages(c);
          return (
            <Tabs.Content key={c.id} value={String(c.id)} className="aivg-template-list__items">
              {page.items.map((item) => (
                <div key={item.id ?? item.name} className="aivg-audio-item">
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
              {page.error ? (
                <p role="alert" className="aivg-modal__message">
                  {t("templateList.moreFailed", { message: page.error })}
                </p>
              ) : null}
              {loadPage && showsLoadMore(page) ? (
                <button
                  type="button"
                  className="aivg-button aivg-button--secondary aivg-template-list__more"
                  data-testid="template-load-more"
                  disabled={page.loading}
                  aria-busy={page.loading}
                  onClick={() => loadMore(c)}
                >
                  {page.loading ? t("common.loading") : t("templateList.more")}
                </button>
              ) : null}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </div>
  );
}
