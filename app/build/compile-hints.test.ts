import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHints, firstLoadChunks } from "./compile-hints";

function chunk(fileName: string, o: { entry?: boolean; facade?: string; imports?: string[] }): Rollup.OutputChunk {
  return {
    type: "chunk",
    fileName,
    code: `console.log(${JSON.stringify(fileName)});\n`,
    isEntry: o.entry ?? false,
    facadeModuleId: o.facade ?? null,
    moduleIds: o.facade ? [o.facade] : [],
    imports: o.imports ?? [],
    viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() },
  } as unknown as Rollup.OutputChunk;
}

const files = (): Rollup.OutputBundle =>
  Object.fromEntries(
    [
      chunk("assets/index.js", { entry: true, imports: ["assets/react.js"] }),
      chunk("assets/react.js", {}),
      chunk("assets/HomePage.js", { facade: "/app/src/features/home/HomePage.tsx", imports: ["assets/react.js", "assets/carousel.js"] }),
      chunk("assets/carousel.js", {}),
      // A dialog loaded when first opened: no first load runs it.
      chunk("assets/BuyDialog.js", { facade: "/app/src/features/buy/BuyDialog.tsx", imports: ["assets/react.js"] }),
    ].map((c) => [c.fileName, c]),
  );

describe("compile hints", () => {
  const sources = { Home: "features/home/HomePage" };

  it("mark the entry's closure and the pages' files, not what loads later", () => {
    expect([...firstLoadChunks(files(), sources, "/app/src")].sort()).toEqual(["assets/HomePage.js", "assets/carousel.js", "assets/index.js", "assets/react.js"]);
  });

  it("put the hint first in each of those files, once", () => {
    const bundle = files();
    const hook = compileHints({ sources, srcDir: "/app/src" }).generateBundle as { handler: (o: unknown, b: Rollup.OutputBundle) => void };
    hook.handler({}, bundle);
    hook.handler({}, bundle);
    const code = (name: string) => (bundle[name] as Rollup.OutputChunk).code;
    expect(code("assets/index.js")).toBe(`${COMPILE_HINT}console.log("assets/index.js");\n`);
    expect(code("assets/carousel.js").startsWith(COMPILE_HINT)).toBe(true);
    expect(code("assets/BuyDialog.js")).toBe('console.log("assets/BuyDialog.js");\n');
  });
});
