import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { pageLoader, type PageData, type PageModule } from "./page";
import { RouteError } from "./route-error";
import { pageSources, type PageRouteName } from "./page-sources";
import { pageModules } from "./table";

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as Parameters<ReturnType<typeof pageLoader>>[0];

function Music() {
  return null;
}
const modules: Record<string, PageModule> = { TextToMusic: () => Promise.resolve({ default: Music as ComponentType }) };

describe("the page route's loader (docs/behaviour/languages-and-routes.md#routes)", () => {
  it("answers core's match of the URL and the module of that route", async () => {
    const data = (await pageLoader(modules)(args("http://x/de/text-to-music/lofi/song?tab=song"))) as PageData;
    expect(data.match.name).toBe("TextToMusic");
    expect(data.match.language).toBe("de");
    expect(data.match.params).toEqual({ semantic: "lofi", tabname: "song" });
    expect(data.Page).toBe(Music);
  });

  it("is a fatal 404 'Page Not Found: {fullPath}' when core's route has no module", async () => {
    const thrown = await Promise.resolve(pageLoader(modules)(args("http://x/explore?a=1"))).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(RouteError);
    expect(thrown).toMatchObject({ statusCode: 404, fatal: true, message: "Page Not Found: /explore?a=1" });
  });

  it("sends / and /create to their targets with the query and hash", async () => {
    const home = (await pageLoader(modules)(args("http://x/zh/?q=1"))) as Response;
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/zh/home?q=1");
    const create = (await pageLoader(modules)(args("http://x/create?a=b#top"))) as Response;
    expect(create.headers.get("location")).toBe("/image-to-video?a=b#top");
  });

  it("loads every module of the app's table", async () => {
    for (const [name, source] of Object.entries(pageSources)) {
      const load = pageModules[name as PageRouteName];
      expect(load, `${name}: no file src/${source}.tsx`).toBeDefined();
      expect(typeof (await load?.())?.default).toBe("function");
    }
  });
});
