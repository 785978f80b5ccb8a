/**
 * Libraries (/libraries): the resource library (docs/behaviour/calls-and-errors.md#the-calls
 * /v1/workflow/resource/list with operation list or search, /v1/workflow/resource/export), 20 per
 * page (docs/behaviour/tasks-and-queue.md#explore).
 */
import { exportWorkflowResource, hasNextPage, listWorkflowResources } from "@aivg/core/rules";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../overlays/toasts";
import { EXPLORE_PAGE_SIZE } from "./ExplorePage";
import "../create/create.css";

interface Resource {
  id: number;
  name: string;
  thumbnail: string;
  type: string;
}

function readResources(raw: unknown): { list: Resource[]; total: number } {
  const o = (raw ?? {}) as { list?: unknown; paginate?: { total?: unknown } };
  const list = (Array.isArray(o.list) ? o.list : []).flatMap((r) => {
    const x = r as Record<string, unknown>;
    return typeof x.id === "number" ? [{ id: x.id, name: String(x.name ?? ""), thumbnail: String(x.thumbnail ?? ""), type: String(x.type ?? "") }] : [];
  });
  const total = Number(o.paginate?.total);
  return { list, total: Number.isFinite(total) ? total : list.length };
}

export default function LibrariesPage() {
  const { t } = useTranslation("explore");
  const [keyword, setKeyword] = useState("");
  const [search, setSearch] = useState("");
  const [state, setState] = useState<{ list: Resource[]; total: number; page: number; error: string | null }>({ list: [], total: 0, page: 0, error: null });

  const load = useCallback(
    (page: number) => {
      const params = { page, page_size: EXPLORE_PAGE_SIZE, ...(search ? { keyword: search } : {}) };
      listWorkflowResources({ params, operation: search ? "search" : "list" })
        .then((r) => {
          const { list, total } = readResources(r);
          setState((s) => ({ list: page === 1 ? list : [...s.list, ...list], total, page, error: null }));
        })
        .catch((e: unknown) => setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e) })));
    },
    [search],
  );

  useEffect(() => load(1), [load]);

  const exportOne = (r: Resource) => {
    exportWorkflowResource({ res_id: r.id, export_type: "original" })
      .then((answer) => {
        const url = (answer as { url?: unknown } | null)?.url;
        if (typeof url === "string") window.open(url, "_blank", "noopener");
      })
      .catch((e: unknown) => showToast("error", t("error", { message: e instanceof Error ? e.message : String(e) })));
  };

  return (
    <div className="create-page">
      <section className="create-form" style={{ maxWidth: "none" }}>
        <h1 className="create-title">{t("libraries")}</h1>
        <form
          className="create-row"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(keyword.trim());
          }}
        >
          <input
            className="create-input"
            style={{ maxWidth: 320 }}
            type="search"
            value={keyword}
            aria-label={t("search")}
            placeholder={t("search")}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button type="submit" className="button button--secondary">
            {t("search")}
          </button>
        </form>
        {state.error ? (
          <p role="alert" className="create-error">
            {t("error", { message: state.error })}
          </p>
        ) : null}
        <ul className="create-grid">
          {state.list.map((r) => (
            <li key={r.id} className="create-card">
              <img src={r.thumbnail} alt="" loading="lazy" />
              <div className="create-card__body">
                <span>{r.name}</span>
                <button type="button" className="button button--secondary" onClick={() => exportOne(r)}>
                  {t("export")}
                </button>
              </div>
            </li>
          ))}
        </ul>
        {hasNextPage(state.total, state.list.length) ? (
          <button type="button" className="button button--secondary" onClick={() => load(state.page + 1)}>
            {t("more")}
          </button>
        ) : null}
      </section>
    </div>
  );
}
