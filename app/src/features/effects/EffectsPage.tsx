/**
 * Effects: the template list with category tabs. Pages of 25; more load when the
 * end of the list comes into view, only while fewer than the total are loaded and more than 20
 * are (core's templateFirstPage / templateLoadMore, docs/behaviour/tasks-and-queue.md#templates
 * "Template lists").
 */
import { listWorkflowCt, listWorkflows, templateFirstPage, templateLoadMore, type TemplatePageQuery } from "@aivg/core/rules";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";
import { openCustomModal } from "../overlays/modalAtoms";
import { TemplateDetail } from "./TemplateDetail";
import { readCategories, readTemplatePage, type Category, type Template } from "./templates";
import "../create/create.css";

interface ListState {
  templates: Template[];
  total: number;
  loading: boolean;
  error: string | null;
}

export default function EffectsPage() {
  const { t } = useTranslation("effects");
  const language = useAtomValue(languageAtom);
  const [categories, setCategories] = useState<Category[]>([]);
  const [category, setCategory] = useState<number | null>(null);
  const [list, setList] = useState<ListState>({ templates: [], total: 0, loading: true, error: null });
  const loadingRef = useRef(false);
  const generation = useRef(0);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    listWorkflowCt()
      .then((r) => setCategories(readCategories(r)))
      .catch((e: unknown) => console.warn("effect categories not loaded", e));
  }, []);

  const fetchPage = useCallback(
    (query: TemplatePageQuery, replace: boolean) => {
      const mine = generation.current;
      loadingRef.current = true;
      const params = { ...query, fun_module: "effect", ...(category === null ? {} : { fun_category: category }) };
      listWorkflows(params)
        .then((answer) => {
          if (mine !== generation.current) return;
          const page = readTemplatePage(answer);
          setList((s) => ({
            templates: replace ? page.templates : [...s.templates, ...page.templates],
            total: page.total,
            loading: false,
            error: null,
          }));
        })
        .catch((e: unknown) => {
          if (mine !== generation.current) return;
          setList((s) => ({ ...s, loading: false, error: e instanceof Error ? e.message : String(e) }));
        })
        .finally(() => {
          if (mine === generation.current) loadingRef.current = false;
        });
    },
    [category],
  );

  // A new tab starts again from page 1.
  useEffect(() => {
    generation.current += 1;
    loadingRef.current = false;
    fetchPage(templateFirstPage(), true);
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    const next = templateLoadMore(list.templates.length, list.total, loadingRef.current);
    if (!next) return;
    setList((s) => ({ ...s, loading: true, error: null }));
    fetchPage(next, false);
  }, [list.templates.length, list.total, fetchPage]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore]);

  const selectCategory = (id: number | null) => {
    if (id === category) return;
    setList({ templates: [], total: 0, loading: true, error: null });
    setCategory(id);
  };

  const open = (tpl: Template) => openCustomModal(TemplateDetail, { template: tpl, language });

  return (
    <div className="create-page">
      <section className="create-form" style={{ maxWidth: "none" }}>
        <h1 className="create-title">{t("title")}</h1>
        <div className="create-chips" role="tablist" aria-label={t("categories")}>
          <button type="button" role="tab" className="create-chip" aria-selected={category === null} onClick={() => selectCategory(null)}>
            {t("all")}
          </button>
          {categories.map((c) => (
            <button key={c.id} type="button" role="tab" className="create-chip" aria-selected={category === c.id} onClick={() => selectCategory(c.id)}>
              {c.title}
            </button>
          ))}
        </div>
        <ul className="create-grid" data-testid="effect-list" data-total={list.total}>
          {list.templates.map((tpl) => (
            <li key={tpl.id} className="create-card" data-testid="effect-card">
              <button type="button" className="create-card__thumb" onClick={() => open(tpl)} aria-label={tpl.name}>
                <img src={tpl.thumbnail} alt="" loading="lazy" width={tpl.width} height={tpl.height} />
              </button>
              <div className="create-card__body">
                <span>{tpl.name}</span>
              </div>
            </li>
          ))}
        </ul>
        {list.error ? (
          <p role="alert" className="create-error">
            {t("error", { message: list.error })}
          </p>
        ) : null}
        {list.loading ? <p role="status">{t("loading")}</p> : null}
        <div ref={sentinel} data-testid="effect-list-end" style={{ height: 1 }} />
      </section>
    </div>
  );
}
