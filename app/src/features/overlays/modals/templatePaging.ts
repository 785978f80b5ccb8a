/**
 * The paging state of one category of the template list modal
 * (docs/behaviour/tasks-and-queue.md#templates "Template category: id, title, tpls, total,
 * loading"). When more is asked for and which page is core's rule (`templateLoadMore`,
 * docs/behaviour/tasks-and-queue.md#templates "Template lists": only while fewer than `total` are
 * loaded and more than 20 are, page size 25).
 *
 * Decided: "Load more" is a button at the end of the category's list (a user sees how far the
 * list goes and asks for more), shown exactly when core would request a page; a page that
 * repeats templates already shown (the server's list shifted) adds only the new ones; a failed
 * page keeps what is shown and leaves the button to try again.
 */
import { templateLoadMore, type TemplatePageQuery } from "@aivg/core/rules";
import type { AudioTemplateItem, TemplateListCategory } from "../modalTypes";

export interface CategoryPages {
  items: AudioTemplateItem[];
  total: number;
  loading: boolean;
  /** Message of the last failed page, until the next try. */
  error: string | null;
}

/** The state a category starts with: its first page. */
export function firstPages(category: TemplateListCategory): CategoryPages {
  const total = category.total ?? category.items.length;
  return { items: category.items, total: Math.max(total, category.items.length), loading: false, error: null };
}

/** Whether the category shows "Load more": core would request a page if nothing were loading. */
export function showsLoadMore(pages: CategoryPages): boolean {
  return templateLoadMore(pages.items.length, pages.total, false) !== undefined;
}

/** The page to request now, or undefined (one is already loading, or core's rule says no). */
export function nextPage(pages: CategoryPages): TemplatePageQuery | undefined {
  return templateLoadMore(pages.items.length, pages.total, pages.loading);
}

/** The category after a page arrived: new items appended (ids already shown are skipped). */
export function withPage(pages: CategoryPages, items: readonly AudioTemplateItem[], total: number): CategoryPages {
  const seen = new Set(pages.items.flatMap((i) => (i.id === undefined ? [] : [String(i.id)])));
  const fresh = items.filter((i) => i.id === undefined || !seen.has(String(i.id)));
  const merged = [...pages.items, ...fresh];
  // A page that brought nothing new ends the paging, so a stuck server cannot loop the button.
  const nextTotal = fresh.length === 0 ? merged.length : Math.max(Number.isFinite(total) ? total : 0, merged.length);
  return { items: merged, total: nextTotal, loading: false, error: null };
}
