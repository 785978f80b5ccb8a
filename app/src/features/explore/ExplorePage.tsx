/** Explore: the community list, 20 per page (docs/behaviour/tasks-and-queue.md#explore), with "Load more". */
import { exploreConstants, hasNextPage, listExplore } from "@aivg/core/rules";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routePath } from "@aivg/core/rules";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";
import { ExploreCard } from "./ExploreCard";
import { readExplorePage, type ExploreItem } from "./exploreItems";
import "../create/create.css";

/** docs/behaviour/tasks-and-queue.md#explore: example list page size 20. */
export const EXPLORE_PAGE_SIZE = exploreConstants().pageSize;

export default function ExplorePage() {
  const { t } = useTranslation("explore");
  // The heading is the page's translated title (route metadata), as on every named page.
  const { t: tMeta } = useTranslation("meta");
  const language = useAtomValue(languageAtom);
  const [media, setMedia] = useState<"" | "video" | "image">("");
  const [state, setState] = useState<{ items: ExploreItem[]; total: number; page: number; loading: boolean; error: string | null }>({
    items: [],
    total: 0,
    page: 0,
    loading: true,
    error: null,
  });

  const load = useCallback(
    (page: number) => {
      listExplore({ page, page_size: EXPLORE_PAGE_SIZE, ...(media ? { media } : {}) })
        .then((r) => {
          const { items, total } = readExplorePage(r);
          setState((s) => ({ items: page === 1 ? items : [...s.items, ...items], total, page, loading: false, error: null }));
        })
        .catch((e: unknown) => setState((s) => ({ ...s, loading: false, error: e instanceof Error ? e.message : String(e) })));
    },
    [media],
  );

  useEffect(() => load(1), [load]);

  return (
    <div className="create-page">
      <section className="create-form" style={{ maxWidth: "none" }}>
        <h1 className="create-title">{tMeta("Explore.title")}</h1>
        {/* The tabs and, beside them, the link to the zones: a tab list holds tabs alone. */}
        <div className="create-chips">
          <div className="create-chips__group" role="tablist" aria-label={t("media")}>
            {(["", "video", "image"] as const).map((m) => (
              <button
                key={m || "all"}
                type="button"
                role="tab"
                className="create-chip"
                aria-selected={media === m}
                onClick={() => {
                  if (m === media) return;
                  setState({ items: [], total: 0, page: 0, loading: true, error: null });
                  setMedia(m);
                }}
              >
                {t(m === "" ? "all" : m)}
              </button>
            ))}
          </div>
          <Link className="create-chip" to={routePath("ExploreZone", {}, language)}>
            {t("zones")}
          </Link>
        </div>
        <ul className="create-grid" data-testid="explore-list">
          {state.items.map((item) => (
            <ExploreCard key={item.id} item={item} />
          ))}
        </ul>
        {state.error ? (
          <p role="alert" className="create-error">
            {t("error", { message: state.error })}
          </p>
        ) : null}
        {hasNextPage(state.total, state.items.length) ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={state.loading}
            onClick={() => {
              setState((s) => ({ ...s, loading: true }));
              load(state.page + 1);
            }}
          >
            {t("more")}
          </button>
        ) : null}
      </section>
    </div>
  );
}
