import { describe, expect, it } from "vitest";
import en from "./locales/en.json";
import { LISTS, listKey } from "./contentLists";

const content = en.content as unknown as { lists: Record<string, string>; field: Record<string, string> };

describe("the lists' field descriptors", () => {
  it("name each list once and label every list and field in the console's texts", () => {
    const keys = LISTS.map(listKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of LISTS) {
      expect(content.lists[`${d.kind}-${d.list}`], listKey(d)).toBeTruthy();
      for (const f of d.fields) expect(content.field[f.key || "groups"], `${listKey(d)} ${f.key}`).toBeTruthy();
    }
  });
  it("give a choice its options and an item's title a field it has", () => {
    for (const d of LISTS) {
      for (const f of d.fields) if (f.type === "choice") expect(f.options?.length, `${listKey(d)} ${f.key}`).toBeGreaterThan(0);
      if (d.title) expect(d.fields.map((f) => f.key).concat(["module"]), listKey(d)).toContain(d.title);
    }
  });
});
