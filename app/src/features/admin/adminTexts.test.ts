import { describe, expect, it } from "vitest";

const files = import.meta.glob<Record<string, unknown>>("./locales/*.json", { eager: true, import: "default" });
const LANGUAGES = ["en", "de", "fr", "es", "br", "jp", "ko", "zh"];

function flat(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flat(v, key)) out.set(kk, vv);
  }
  return out;
}

describe("the console's texts", () => {
  const english = flat(files["./locales/en.json"]);
  it("exist in every language with the same keys and placeholders", () => {
    expect(Object.keys(files).sort()).toEqual(LANGUAGES.map((l) => `./locales/${l}.json`).sort());
    for (const lang of LANGUAGES) {
      const texts = flat(files[`./locales/${lang}.json`]);
      expect([...texts.keys()].sort(), lang).toEqual([...english.keys()].sort());
      for (const [key, text] of texts) {
        const wanted = (english.get(key)?.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect((text.match(/\{\{\w+\}\}/g) ?? []).sort(), `${lang} ${key}`).toEqual(wanted);
      }
    }
  });
  it("are translated, not English copies", () => {
    for (const lang of LANGUAGES.filter((l) => l !== "en")) {
      const texts = flat(files[`./locales/${lang}.json`]);
      const same = [...texts].filter(([key, text]) => english.get(key) === text).length;
      expect(same / texts.size, lang).toBeLessThan(0.25);
    }
  });
});
