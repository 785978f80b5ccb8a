/**
 * Music styles: the presets of /v1/prompt/category-and-presets for the module the catalogue names
 * (`presets`: the music page's `txt2Music`) in the page's language, shown with their cover
 * when the server gives one (`cover`/`cover_url`). A style is named by its English `style` (what
 * a music task sends and an audio template names; the shown `title` is translated).
 */
import { getPromptPresets } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";

export interface MusicStyle {
  /** The style's value: the English name a task sends. */
  style: string;
  /** The name shown, in the page's language. */
  title: string;
  prompt: string;
  cover?: string;
}

function readStyles(raw: unknown): MusicStyle[] {
  const list = (raw as { list?: unknown } | null)?.list;
  return (Array.isArray(list) ? list : []).flatMap((c) => {
    const presets = (c as { presets?: unknown }).presets;
    return (Array.isArray(presets) ? presets : []).flatMap((p) => {
      const o = p as Record<string, unknown>;
      if (typeof o.title !== "string" || typeof o.prompt !== "string") return [];
      const cover = typeof o.cover === "string" ? o.cover : typeof o.cover_url === "string" ? o.cover_url : undefined;
      const style = typeof o.style === "string" ? o.style : o.title;
      return [{ style, title: o.title, prompt: o.prompt, cover }];
    });
  });
}

export function MusicStyles({ presets, value, onChange }: { presets: string; value: string | null; onChange: (s: MusicStyle | null) => void }) {
  const { t } = useTranslation("music");
  const [styles, setStyles] = useState<MusicStyle[]>([]);
  const language = useAtomValue(languageAtom);
  useEffect(() => {
    let live = true;
    getPromptPresets({ algorithm: presets, lang: language })
      .then((r) => live && setStyles(readStyles(r)))
      .catch((e: unknown) => console.warn("music styles not loaded", e));
    return () => {
      live = false;
    };
  }, [presets, language]);
  if (styles.length === 0) return null;
  return (
    <div className="create-field">
      <span className="create-label" id="music-style">
        {t("style")}
      </span>
      <div className="create-chips" role="radiogroup" aria-labelledby="music-style">
        {styles.map((s) => (
          <button
            key={s.style}
            type="button"
            role="radio"
            aria-checked={value === s.style}
            className={s.cover ? "create-chip create-chip--cover" : "create-chip"}
            onClick={() => onChange(value === s.style ? null : s)}
          >
            {s.cover ? <img src={s.cover} alt="" width={24} height={24} /> : null}
            {s.title}
          </button>
        ))}
      </div>
    </div>
  );
}
