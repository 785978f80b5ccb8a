import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { missingFiles, pagePreloads, routeFiles } from "./page-preloads";

/** A chunk as Rollup describes it, with only the fields the plugin reads. */
function chunk(fileName: string, o: { entry?: boolean; facade?: string; modules?: string[]; imports?: string[]; css?: string[] }): Rollup.OutputChunk {
  return {
    type: "chunk",
    fileName,
    isEntry: o.entry ?? false,
    facadeModuleId: o.facade ?? null,
    moduleIds: o.modules ?? (o.facade ? [o.facade] : []),
    imports: o.imports ?? [],
    viteMetadata: { importedCss: new Set(o.css ?? []), importedAssets: new Set<string>() },
  } as unknown as Rollup.OutputChunk;
}

const bundle = (chunks: Rollup.OutputChunk[]): Rollup.OutputBundle => Object.fromEntries(chunks.map((c) => [c.fileName, c]));

describe("page preloads", () => {
  const files = bundle([
    chunk("assets/index.js", { entry: true, imports: ["assets/react.js"], css: ["assets/index.css"] }),
    chunk("assets/react.js", {}),
    chunk("assets/HomePage.js", { facade: "/app/src/features/home/HomePage.tsx", imports: ["assets/react.js", "assets/carousel.js"], css: ["assets/HomePage.css", "assets/index.css"] }),
    chunk("assets/carousel.js", { css: ["assets/carousel.css"] }),
    // A page module merged into a chunk named after another module.
    chunk("assets/shared.js", { modules: ["/app/src/features/pages/NotFoundPage.tsx", "/app/src/x.ts"], imports: ["assets/react.js"] }),
  ]);

  it("lists what each route needs beyond index.html's own files", () => {
    expect(routeFiles(files, { Home: "features/home/HomePage", NotFound: "features/pages/NotFoundPage" }, "/app/src", "/")).toEqual({
      Home: { js: ["/assets/HomePage.js", "/assets/carousel.js"], css: ["/assets/HomePage.css", "/assets/carousel.css"] },
      NotFound: { js: ["/assets/shared.js"], css: [] },
    });
  });

  it("puts the base before every path", () => {
    expect(routeFiles(files, { Home: "features/home/HomePage" }, "/app/src", "/ai/").Home?.js[0]).toBe("/ai/assets/HomePage.js");
  });

  it("fails the build when a route's module is in no chunk", () => {
    expect(() => routeFiles(files, { Explore: "features/explore/ExplorePage" }, "/app/src", "/")).toThrow(/ExplorePage.tsx \(route Explore\)/);
  });

  /** An output folder holding `names` (paths under it). */
  function outDir(names: string[]): string {
    const dir = mkdtempSync(join(tmpdir(), "page-preloads-"));
    for (const name of names) {
      mkdirSync(join(dir, name, ".."), { recursive: true });
      writeFileSync(join(dir, name), "");
    }
    return dir;
  }

  function writeBundle(dir: string, bundle: Rollup.OutputBundle) {
    const plugin = pagePreloads({ sources: { Home: "features/home/HomePage" }, srcDir: "/app/src", i18nHash: () => "h1" });
    const hook = plugin.writeBundle as (this: unknown, o: { dir?: string }, b: Rollup.OutputBundle) => void;
    hook.call({}, { dir }, bundle);
  }

  it("names the files a path does not reach in the output folder", () => {
    const dir = outDir(["assets/HomePage.js"]);
    const preloads = { i18nHash: "h", routes: { Home: { js: ["/assets/HomePage.js", "/assets/create.js"], css: ["/x/assets/a.css"] } } };
    expect(missingFiles(preloads, dir, "/")).toEqual(["/assets/create.js", "/x/assets/a.css"]);
    expect(missingFiles(preloads, dir, "/x/")).toEqual(["/assets/HomePage.js", "/assets/create.js", "/x/assets/a.css"]);
  });

  it("writes the list of the bundle as written, beside index.html", () => {
    const dir = outDir(["assets/index.js", "assets/react.js", "assets/HomePage.js", "assets/carousel.js", "assets/HomePage.css", "assets/carousel.css"]);
    writeBundle(dir, files);
    expect(JSON.parse(readFileSync(join(dir, "page-preloads.json"), "utf8"))).toEqual({
      i18nHash: "h1",
      routes: { Home: { js: ["/assets/HomePage.js", "/assets/carousel.js"], css: ["/assets/HomePage.css", "/assets/carousel.css"] } },
    });
  });

  it("fails the build when a listed file was not written", () => {
    // A chunk still in the bundle but not on disk: what a list made before Vite removed its CSS-only chunks named.
    const dir = outDir(["assets/index.js", "assets/react.js", "assets/HomePage.js", "assets/HomePage.css", "assets/carousel.css"]);
    expect(() => writeBundle(dir, files)).toThrow(/no file for \/assets\/carousel\.js/);
  });
});
