import { describe, expect, it } from "vitest";
import type { AudioTemplateItem } from "../modalTypes";
import { firstPages, nextPage, showsLoadMore, withPage } from "./templatePaging";

const items = (from: number, count: number): AudioTemplateItem[] => Array.from({ length: count }, (_, i) => ({ id: from + i, name: `T${from + i}` }));

describe("template list paging (docs/behaviour/tasks-and-queue.md#templates: more only while loaded < total and loaded > 20; pages of 25)", () => {
  it("starts from the first page; a category without a total has nothing more", () => {
    expect(firstPages({ id: 1, title: "A", items: items(1, 12) })).toEqual({ items: items(1, 12), total: 12, loading: false, error: null });
    expect(showsLoadMore(firstPages({ id: 1, title: "A", items: items(1, 12) }))).toBe(false);
  });

  it("offers more after a full first page of a longer list, and asks for page 2 of 25", () => {
    const pages = firstPages({ id: 1, title: "A", items: items(1, 25), total: 62 });
    expect(showsLoadMore(pages)).toBe(true);
    expect(nextPage(pages)).toEqual({ page: 2, page_size: 25 });
  });

  it("offers nothing with 20 or fewer loaded, or when all are loaded", () => {
    expect(showsLoadMore(firstPages({ id: 1, title: "A", items: items(1, 20), total: 40 }))).toBe(false);
    expect(showsLoadMore(firstPages({ id: 1, title: "A", items: items(1, 21), total: 40 }))).toBe(true);
    expect(showsLoadMore(firstPages({ id: 1, title: "A", items: items(1, 25), total: 25 }))).toBe(false);
  });

  it("asks for nothing while a page is on its way, but keeps the button", () => {
    const loading = { ...firstPages({ id: 1, title: "A", items: items(1, 25), total: 62 }), loading: true };
    expect(nextPage(loading)).toBeUndefined();
    expect(showsLoadMore(loading)).toBe(true);
  });

  it("appends a page, skipping templates already shown, and ends at the total", () => {
    let pages = firstPages({ id: 1, title: "A", items: items(1, 25), total: 62 });
    pages = withPage({ ...pages, loading: true, error: "earlier" }, items(24, 27), 62);
    expect(pages.items.map((i) => i.id)).toEqual(items(1, 50).map((i) => i.id));
    expect(pages).toMatchObject({ total: 62, loading: false, error: null });
    expect(nextPage(pages)).toEqual({ page: 3, page_size: 25 });
    pages = withPage(pages, items(51, 12), 62);
    expect(pages.items).toHaveLength(62);
    expect(showsLoadMore(pages)).toBe(false);
  });

  it("stops paging when a page brings nothing new (a server that repeats itself cannot loop)", () => {
    const pages = withPage(firstPages({ id: 1, title: "A", items: items(1, 25), total: 62 }), items(1, 25), 62);
    expect(pages.total).toBe(25);
    expect(showsLoadMore(pages)).toBe(false);
  });
});
