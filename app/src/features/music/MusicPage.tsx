/**
 * Text to music and text to song (docs/behaviour/tasks-and-queue.md#task-inputs validation,
 * #task-inputs defaults). The query tab=song selects the song tab (core's musicTab). The two
 * modules of the screen, their fields (lyrics or not), length limits, style and price come from
 * core's catalogue; the task is checked by core (checkTaskData: the server's rule, e.g. at least 10
 * characters after trimming) before any call, and the message sits under the field it names.
 * Picking a template over the user's own prompt asks how to use it first (audio edit choice,
 * templateChoice.ts).
 *
 * Decided: switching between music and song never drops what the user typed or a template
 * filled. The two modules share the prompt, length and style, so the draft lives above the tab
 * (MusicPage) and only the song's lyrics are the song tab's own (kept while the music tab shows).
 * The length is a slider over exactly the module's range (core's catalogue: 1 to 240 s, ACE-Step's
 * longest piece). The styles are the module's presets, shown once (the prompt box does not repeat
 * them as prompt chips).
 */
import { musicTab, taskTakesSeed, uiConstants, type MusicTab } from "@aivg/core/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { checkFields, screenModules, type FieldProblem, type ModuleForm } from "../create/catalogue";
import { DurationPicker } from "../create/DurationPicker";
import { FieldMessage } from "../create/FieldMessage";
import { PromptBox } from "../create/PromptBox";
import { ResultView } from "../create/ResultView";
import { useReused } from "../create/reuse";
import { MAX_SEED, SeedField, seedData } from "../create/SeedField";
import { SignInButton, useSignedIn } from "../create/SignInButton";
import { useGeneration } from "../create/useGeneration";
import { languageAtom } from "../language/state";
import { TaskQueue } from "../tasks/TaskQueue";
import { MusicStyles } from "./MusicStyles";
import { MusicTemplates, useTemplateFromQuery, type ChosenAudioTemplate } from "./MusicTemplates";
import { GenerationError } from "../create/GenerationError";
import { openModal } from "../overlays/modalAtoms";
import { asksHowToUse, takesPrompt, TEMPLATE_USES, templateUse, type TemplateUse } from "./templateChoice";
import "../create/create.css";

const UI = uiConstants();

/**
 * The module of a tab: the song is the screen's module that takes lyrics (catalogue), the music
 * the one that does not.
 */
export function musicForm(tab: MusicTab): ModuleForm {
  const forms = screenModules("TextToMusic");
  const form = forms.find((f) => (f.lyrics !== null) === (tab === "song"));
  if (!form) throw new Error(`the catalogue has no ${tab} module for the music page`);
  return form;
}

/** A chosen style: `style` is its English name (what the module is sent), `title` what the chip shows. */
type Style = { style: string; title: string; prompt: string; cover?: string } | null;

/** What the user typed or a template filled, kept across the music and song tabs. */
interface MusicDraft {
  prompt: string;
  setPrompt: (v: string) => void;
  lyrics: string;
  setLyrics: (v: string) => void;
  duration: number;
  setDuration: (s: number) => void;
  style: Style;
  setStyle: (s: Style) => void;
  /** The seed field's text, and the seed of the task whose settings the page reuses. */
  seed: string;
  setSeed: (v: string) => void;
  reusedSeed: number | null;
}

export default function MusicPage() {
  const location = useLocation();
  const tab = musicTab(location.search);
  const [prompt, setPrompt] = useState("");
  const [lyrics, setLyrics] = useState("");
  const [duration, setDuration] = useState(() => musicForm(tab).duration?.default ?? UI.musicDefaultDurationS);
  const [style, setStyle] = useState<Style>(null);
  const [seed, setSeed] = useState("");
  const [reusedSeed, setReusedSeed] = useState<number | null>(null);
  const draft: MusicDraft = { prompt, setPrompt, lyrics, setLyrics, duration, setDuration, style, setStyle, seed, setSeed, reusedSeed };
  // "Use these settings again" (create/reuse.ts): the task's words, length, style and seed.
  useReused(undefined, (s) => {
    const text = (v: unknown) => (typeof v === "string" ? v : "");
    setPrompt(text(s.data.prompt));
    setLyrics(text(s.data.lyrics));
    if (typeof s.data.duration === "number") setDuration(s.data.duration);
    const chosen = text(s.data.style);
    setStyle(chosen ? { style: chosen, title: chosen, prompt: "", cover: text(s.userData.styleCoverLink) || undefined } : null);
    setReusedSeed(s.seed);
    setSeed(s.seed === null ? "" : String(s.seed));
  });
  // Once per link, not again on each tab switch (which would overwrite the user's edits).
  const applyTemplate = (tpl: ChosenAudioTemplate, use: TemplateUse = "all") => {
    if (tpl.prompt && takesPrompt(use)) setPrompt(tpl.prompt);
    if (tpl.duration > 0) setDuration(tpl.duration);
    if (tpl.style) setStyle({ style: tpl.style, title: tpl.style, prompt: "", cover: tpl.cover || undefined });
  };
  useTemplateFromQuery(new URLSearchParams(location.search).get("tpl_id"), applyTemplate);
  // The tab's own screen (its checks, its generation) starts afresh; the draft stays.
  return <MusicScreen key={tab} tab={tab} draft={draft} applyTemplate={applyTemplate} />;
}

function MusicScreen({
  tab,
  draft,
  applyTemplate: fill,
}: {
  tab: MusicTab;
  draft: MusicDraft;
  applyTemplate: (tpl: ChosenAudioTemplate, use?: TemplateUse) => void;
}) {
  const { t } = useTranslation("music");
  const { t: tc } = useTranslation("create");
  const location = useLocation();
  const navigate = useNavigate();
  const language = useAtomValue(languageAtom);
  const { prompt, setPrompt, lyrics, setLyrics, duration, setDuration, style, setStyle, seed, setSeed, reusedSeed } = draft;
  const form = musicForm(tab);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const signedIn = useSignedIn();
  const gen = useGeneration();
  const algorithm = form.code;
  const module = form.listModule;
  const takesSeed = taskTakesSeed(algorithm);

  const selectTab = (next: MusicTab) => {
    const query = new URLSearchParams(location.search);
    if (next === "song") query.set("tab", "song");
    else query.delete("tab");
    const search = query.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : "" });
  };

  const applyTemplate = (tpl: ChosenAudioTemplate, use: TemplateUse = "all") => {
    fill(tpl, use);
    setProblem(null);
  };
  const chooseTemplate = (tpl: ChosenAudioTemplate) => {
    if (!asksHowToUse(prompt, tpl.prompt)) {
      applyTemplate(tpl);
      return;
    }
    openModal("audioEditChoice", {
      title: t("templates.choice.title", { name: tpl.name }),
      options: TEMPLATE_USES.map((value) => ({ value, label: t(`templates.choice.${value}`) })),
      onChoose: (value) => applyTemplate(tpl, templateUse(value)),
    });
  };

  const submit = () => {
    const data: Record<string, unknown> = { prompt: prompt.trim() };
    if (form.duration) data.duration = duration;
    if (form.lyrics) data.lyrics = lyrics.trim();
    if (form.style && style) data.style = style.style;
    if (takesSeed && seedData(seed) !== undefined) data.seed = seedData(seed);
    const found = checkFields(algorithm, data);
    setProblem(found);
    if (found) return;
    void gen.run({ algorithm, module, data, userData: { isAudio: true, styleCoverLink: style?.cover ?? "" } }, { confirm: true });
  };
  const min = { min: UI.minPromptChars };
  // The minimum-length rule (docs/behaviour/tasks-and-queue.md#task-inputs) in the page's own
  // words; any other rule as core says it.
  const minText = (kind: "prompt" | "lyrics") =>
    problem && problem.kind !== "tooLong" ? t(kind === "prompt" ? "validation.prompt" : "validation.lyrics", min) : undefined;

  return (
    <div className="create-page">
      <section className="create-form" aria-labelledby="music-title">
        <h1 id="music-title" className="create-title">
          {tab === "song" ? t("title.song") : t("title.music")}
        </h1>
        <div className="create-chips" role="tablist" aria-label={t("tabs")}>
          <button type="button" role="tab" className="create-chip" aria-selected={tab === "music"} onClick={() => selectTab("music")}>
            {t("tab.music")}
          </button>
          <button type="button" role="tab" className="create-chip" aria-selected={tab === "song"} onClick={() => selectTab("song")} data-testid="tab-song">
            {t("tab.song")}
          </button>
        </div>
        <MusicTemplates onChoose={chooseTemplate} />
        <PromptBox
          algorithm={form.presets ?? algorithm}
          value={prompt}
          onChange={setPrompt}
          required={form.prompt?.required ?? false}
          language={language}
          label={t("prompt")}
          placeholder={t("placeholder")}
          presets={false}
        />
        <FieldMessage
          problem={problem}
          name="prompt"
          kind={form.prompt?.kind ?? "musicPrompt"}
          text={form.prompt?.kind === "musicPrompt" ? minText("prompt") : undefined}
          testId="music-prompt-error"
        />
        {form.lyrics ? (
          <div className="create-field">
            <label className="create-label" htmlFor="song-lyrics">
              {t("lyrics")}
            </label>
            <textarea id="song-lyrics" className="create-textarea" rows={8} value={lyrics} onChange={(e) => setLyrics(e.target.value)} data-testid="lyrics" />
            <FieldMessage problem={problem} name="lyrics" kind="lyrics" text={minText("lyrics")} testId="music-lyrics-error" />
          </div>
        ) : null}
        {form.duration ? (
          <>
            <DurationPicker rule={form.duration} value={duration} onChange={setDuration} />
            <FieldMessage problem={problem} name="duration" kind="other" />
          </>
        ) : null}
        {form.style ? <MusicStyles presets={form.presets ?? algorithm} value={style?.style ?? null} onChange={setStyle} /> : null}
        {takesSeed ? <SeedField value={seed} onChange={setSeed} reused={reusedSeed} /> : null}
        <FieldMessage problem={problem} name="seed" kind="other" text={tc("seed.range", { max: MAX_SEED })} />
        <GenerationError error={gen.error} needsCredits={gen.needsCredits} />
        {signedIn ? (
          <button type="button" className="button button--primary button--large" data-testid="generate" disabled={gen.busy} onClick={submit}>
            {gen.busy ? t("generating") : t("generateCost", { count: form.credits })}
          </button>
        ) : (
          <SignInButton />
        )}
        <ResultView task={gen.current} />
      </section>
      {signedIn ? <TaskQueue /> : null}
    </div>
  );
}
