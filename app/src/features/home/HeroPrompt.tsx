/**
 * The hero's prompt box: what the visitor types leads into text to video with that prompt
 * (`/text-to-video?prompt=…` under the page's language prefix).
 */
import { routePath } from "@aivg/core/rules";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { trackButtonClick } from "../analytics";
import { languageAtom } from "../language/state";

/** Where the text-to-video screen reads the prompt from. */
export const PROMPT_QUERY = "prompt";

export function textToVideoHref(prompt: string, language: Parameters<typeof routePath>[2]): string {
  const path = routePath("TextToVideo", {}, language);
  const text = prompt.trim();
  return text ? `${path}?${new URLSearchParams({ [PROMPT_QUERY]: text }).toString()}` : path;
}

export function HeroPrompt() {
  const { t } = useTranslation("home");
  const language = useAtomValue(languageAtom);
  const navigate = useNavigate();
  const [prompt, setPrompt] = useState("");
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    trackButtonClick("generate_video", "home_hero", { has_prompt: prompt.trim() !== "" });
    void navigate(textToVideoHref(prompt, language));
  };
  return (
    <form className="hero-prompt" onSubmit={submit} data-testid="home-prompt">
      <label className="hero-prompt__label" htmlFor={id}>
        {t("promptLabel")}
      </label>
      <textarea
        id={id}
        className="hero-prompt__input"
        rows={3}
        value={prompt}
        placeholder={t("promptPlaceholder")}
        onChange={(e) => setPrompt(e.target.value)}
        onKeyDown={(e) => {
          // Enter sends, Shift+Enter breaks the line (as in chat boxes).
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
        }}
      />
      <button type="submit" className="button button--primary button--large hero-prompt__submit">
        {t("ctaPrimary")}
      </button>
    </form>
  );
}
