/**
 * The tabs of the template list modal (spec 01 §2: category tabs and audio preview items) for one
 * template module: the categories of /v1/workflow/ct/list, each with its first page of
 * /v1/workflow/list. Used by /template (effect templates) and the music screen (audio templates,
 * whose items carry their audio preview).
 */
import { listWorkflowCt, listWorkflows, templateFirstPage } from "@aivg/core";
import type { AudioTemplateItem, TemplateListCategory } from "../overlays/modalTypes";
import { readCategories, readTemplatePage, type Template } from "./templates";

export interface TemplateTabs {
  tabs: TemplateListCategory[];
  /** The template behind each item the modal may hand back. */
  templateOf: (item: AudioTemplateItem) => Template | undefined;
}

export async function loadTemplateTabs(funModule: "effect" | "music"): Promise<TemplateTabs> {
  const categories = readCategories(await listWorkflowCt({ fun_module: funModule }));
  const templates = new Map<AudioTemplateItem, Template>();
  const tabs = await Promise.all(
    categories.map(async (c): Promise<TemplateListCategory> => {
      const page = readTemplatePage(await listWorkflows({ ...templateFirstPage(), fun_module: funModule, fun_category: c.id }));
      return {
        id: c.id,
        title: c.title,
        items: page.templates.map((tpl) => {
          const item: AudioTemplateItem = {
            name: tpl.name,
            description: tpl.description || undefined,
            thumbnail: tpl.thumbnail || undefined,
            preview: tpl.media === "audio" && tpl.previewUrl ? tpl.previewUrl : undefined,
          };
          templates.set(item, tpl);
          return item;
        }),
      };
    }),
  );
  return { tabs, templateOf: (item) => templates.get(item) };
}
