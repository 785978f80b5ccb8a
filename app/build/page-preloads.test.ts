import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { routeFiles } from "./page-preloads";

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
});
