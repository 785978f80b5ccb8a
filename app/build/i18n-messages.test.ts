import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { catalogueHash, keysAsValues, mergedMessages, readCatalogue } from "./i18n-messages";

/** Every folder made here, removed after the tests (no leftovers in the system's temp folder). */
const made: string[] = [];
afterAll(() => {
  const dirs = made.splice(0);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  expect(dirs.filter((d) => existsSync(d))).toEqual([]);
});

function locales(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "aivg-locales-"));
  made.push(dir);
  for (const [path, content] of Object.entries(files)) {
    const [code] = path.split("/");
    mkdirSync(join(dir, code ?? ""), { recursive: true });
    writeFileSync(join(dir, path), typeof content === "string" ? content : JSON.stringify(content));
  }
  return dir;
}

describe("i18n messages build", () => {
  it("merges the namespaces of each language into one object", () => {
    const dir = locales({ "en/common.json": { a: "A" }, "en/menu.json": { home: "Home" }, "de/common.json": { a: "Ä" } });
    const merged = mergedMessages(readCatalogue(dir));
    expect(merged.get("en")).toEqual({ common: { a: "A" }, menu: { home: "Home" } });
    expect(merged.get("de")).toEqual({ common: { a: "Ä" } });
  });

  it("generates zz from the English keys, each value its namespace:key path", () => {
    expect(keysAsValues({ title: { "404": "Not found" }, go: "Go" }, "errorPage:")).toEqual({
      title: { "404": "errorPage:title.404" },
      go: "errorPage:go",
    });
    const merged = mergedMessages(readCatalogue(locales({ "en/menu.json": { home: "Home" } })));
    expect(merged.get("zz")).toEqual({ menu: { home: "menu:home" } });
  });

  it("changes the hash when any text changes", () => {
    const one = catalogueHash(mergedMessages(readCatalogue(locales({ "en/menu.json": { home: "Home" } }))));
    const same = catalogueHash(mergedMessages(readCatalogue(locales({ "en/menu.json": { home: "Home" } }))));
    const other = catalogueHash(mergedMessages(readCatalogue(locales({ "en/menu.json": { home: "Start" } }))));
    expect(one).toBe(same);
    expect(one).not.toBe(other);
    expect(one).toMatch(/^[0-9a-f]{12}$/);
  });

  it("names the broken file when JSON is invalid", () => {
    expect(() => readCatalogue(locales({ "en/menu.json": "{ nope" }))).toThrow(/en\/menu\.json is not valid JSON/);
  });

  it("refuses a catalogue without English", () => {
    expect(() => mergedMessages(readCatalogue(locales({ "de/menu.json": { home: "Start" } })))).toThrow(/en\/ is missing/);
  });
});
