/**
 * The tabs of the template list modal (docs/behaviour/uploads.md#image-preview: category tabs and
 * audio preview items) for one template module: the categories of /v1/workflow/ct/list, each with
 * its first page of /v1/workflow/list (core's `templateFirstPage`, 25), and the loader the modal's
 * "Load more" asks for the next pages (docs/behaviour/tasks-and-queue.md#templates). Used by
 * /template (effect templates) and the music screen (audio templates, whose items carry their audio
 * preview).
 *
 * Decided: with more than one category, an "All" tab comes first and lists every template of the
 * module (the list call without `fun_category`), as the effects page's "All" does, so a user can
 * browse before picking a category.
 */
import { listWorkflowCt, listWorkflows, templateFirstPage, type TemplatePageQuery } from "@aivg/core/rules";
import type { AudioTemplateItem, TemplateListCategory, TemplatePageLoader } from "../overlays/modalTypes";
import { readCategories, readTemplatePage, type Template } from "./templates";

export interface TemplateTabs {
  tabs: TemplateListCategory[];
  /** The template behind each item the modal may hand back. */
  templateOf: (item: AudioTemplateItem) => Template | undefined;
  /** The next pages of a tab, for the modal's "Load more". */
  loadPage: TemplatePageLoader;
}

/** Id of the "All" tab (no real category has it: the server's ids start at 1). */
export const ALL_TEMPLATES = "all";

export async function loadTemplateTabs(funModule: "effect" | "music", allTitle: string): Promise<TemplateTabs> {
  const categories = readCategories(await listWorkflowCt({ fun_module: funModule }));
  const templates = new Map<AudioTemplateItem, Template>();

  const fetchPage = async (categoryId: string | number, query: TemplatePageQuery) => {
    const filter = categoryId === ALL_TEMPLATES ? {} : { fun_category: categoryId };
    const page = readTemplatePage(await listWorkflows({ ...query, fun_module: funModule, ...filter }));
    const items = page.templates.map((tpl) => {
      const item: AudioTemplateItem = {
        id: tpl.id,
        name: tpl.name,
        description: tpl.description || undefined,
        thumbnail: tpl.thumbnail || undefined,
        preview: tpl.media === "audio" && tpl.previewUrl ? tpl.previewUrl : undefined,
      };
      templates.set(item, tpl);
      return item;
    });
    return { items, total: page.total };
  };

  const shown = categories.length > 1 ? [{ id: ALL_TEMPLATES, title: allTitle }, ...categories] : categories;
  const tabs = await Promise.all(
    shown.map(async (c): Promise<TemplateListCategory> => {
      const { items, total } = await fetchPage(c.id, templateFirstPage());
      return { id: c.id, title: c.title, items, total };
    }),
  );
  return { tabs, templateOf: (item) => templates.get(item), loadPage: fetchPage };
}
