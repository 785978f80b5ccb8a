/**
 * Text to music and text to song (issue 8 item 2; spec 02 §5 validation, §9 defaults). The
 * query tab=song selects the song tab (core's musicTab). Prompt and lyrics are checked by core
 * (validateMusicPrompt / validateSongLyrics: at least 10 characters after trimming) before any
 * call; the message names the field and the count.
 */
import { musicTab, uiConstants, validateMusicPrompt, validateSongLyrics, type MusicTab } from "@aivg/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { PromptBox } from "../create/PromptBox";
import { ResultView } from "../create/ResultView";
import { SignInNotice, useSignedIn } from "../create/SignInNotice";
import { useGeneration } from "../create/useGeneration";
import { languageAtom } from "../language/state";
import { TaskQueuePanel } from "../tasks/TaskQueuePanel";
import { MusicStyles } from "./MusicStyles";
import { MusicTemplates, useTemplateFromQuery, type ChosenAudioTemplate } from "./MusicTemplates";
import "../create/create.css";

const UI = uiConstants();

/** The task calls of spec 02 §7 (mai_tcm, mai_text2song_minimax) and their module codes (§3). */
const ALGORITHM: Record<MusicTab, { algorithm: string; module: string }> = {
  music: { algorithm: "mai_tcm", module: "txt2Music" },
  song: { algorithm: "mai_text2song_minimax", module: "txt2Song" },
};

/** Core's check; answers the field's validation message or null. */
function check(validate: (text: string) => string, text: string, message: string): string | null {
  try {
    validate(text);
    return null;
  } catch {
    return message;
  }
}

export default function MusicPage() {
  const location = useLocation();
  const tab = musicTab(location.search);
  return <MusicScreen key={tab} tab={tab} />;
}

function MusicScreen({ tab }: { tab: MusicTab }) {
  const { t } = useTranslation("music");
  const navigate = useNavigate();
  const language = useAtomValue(languageAtom);
  const [prompt, setPrompt] = useState("");
  const [lyrics, setLyrics] = useState("");
  const [duration, setDuration] = useState(UI.musicDefaultDurationS);
  const [style, setStyle] = useState<{ title: string; prompt: string; cover?: string } | null>(null);
  const [errors, setErrors] = useState<{ prompt: string | null; lyrics: string | null }>({ prompt: null, lyrics: null });
  const signedIn = useSignedIn();
  const gen = useGeneration();
  const { algorithm, module } = ALGORITHM[tab];

  const selectTab = (next: MusicTab) => {
    const query = new URLSearchParams(location.search);
    if (next === "song") query.set("tab", "song");
    else query.delete("tab");
    const search = query.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : "" });
  };

  const applyTemplate = (tpl: ChosenAudioTemplate) => {
    if (tpl.prompt) setPrompt(tpl.prompt);
    if (tpl.duration > 0) setDuration(tpl.duration);
    if (tpl.style) setStyle({ title: tpl.style, prompt: "", cover: tpl.cover || undefined });
    setErrors({ prompt: null, lyrics: null });
  };
  useTemplateFromQuery(new URLSearchParams(location.search).get("tpl_id"), applyTemplate);

  const submit = () => {
    const min = { min: UI.minPromptChars };
    const next = {
      prompt: tab === "music" || !lyrics.trim() ? check(validateMusicPrompt, prompt, t("validation.prompt", min)) : null,
      lyrics: tab === "song" ? check(validateSongLyrics, lyrics, t("validation.lyrics", min)) : null,
    };
    setErrors(next);
    if (next.prompt || next.lyrics) return;
    const data: Record<string, unknown> = { prompt: prompt.trim(), duration };
    if (tab === "song") data.lyrics = lyrics.trim();
    if (style) data.style = style.title;
    void gen.run(
      { algorithm, module, data, userData: { isAudio: true, styleCoverLink: style?.cover ?? "" } },
      { confirmCredits: "audio" },
    );
  };

  return (
    <div className="create-page">
      <section className="create-form" aria-labelledby="music-title">
        <h1 id="music-title" className="create-title">{tab === "song" ? t("title.song") : t("title.music")}</h1>
        <div className="create-chips" role="tablist" aria-label={t("tabs")}>
          <button type="button" role="tab" className="create-chip" aria-selected={tab === "music"} onClick={() => selectTab("music")}>{t("tab.music")}</button>
          <button type="button" role="tab" className="create-chip" aria-selected={tab === "song"} onClick={() => selectTab("song")} data-testid="tab-song">{t("tab.song")}</button>
        </div>
        <MusicTemplates onChoose={applyTemplate} />
        <PromptBox algorithm="txt2Music" value={prompt} onChange={setPrompt} required={tab === "music"} language={language} label={t("prompt")} />
        {errors.prompt ? <p role="alert" className="create-error" data-testid="music-prompt-error">{errors.prompt}</p> : null}
        {tab === "song" ? (
          <div className="create-field">
            <label className="create-label" htmlFor="song-lyrics">{t("lyrics")}</label>
            <textarea id="song-lyrics" className="create-textarea" rows={8} value={lyrics} onChange={(e) => setLyrics(e.target.value)} data-testid="lyrics" />
            {errors.lyrics ? <p role="alert" className="create-error" data-testid="music-lyrics-error">{errors.lyrics}</p> : null}
          </div>
        ) : null}
        <div className="create-field">
          <label className="create-label" htmlFor="music-duration">{t("duration", { s: duration })}</label>
          <input id="music-duration" className="create-input" type="number" min={1} max={300} value={duration}
            onChange={(e) => setDuration(Math.max(1, Math.round(Number(e.target.value) || UI.musicDefaultDurationS)))} />
        </div>
        <MusicStyles value={style?.title ?? null} onChange={setStyle} />
        {gen.error ? <p role="alert" className="create-error">{gen.error}</p> : null}
        {signedIn ? (
          <button type="button" className="button button--primary button--large" data-testid="generate" disabled={gen.busy} onClick={submit}>
            {gen.busy ? t("generating") : t("generate")}
          </button>
        ) : (
          <SignInNotice />
        )}
        <ResultView task={gen.current} />
      </section>
      {signedIn ? <TaskQueuePanel /> : null}
    </div>
  );
}
