/**
 * One AI tool page: upload, the tool's own fields, Generate, result and queue.
 * What the page asks (picture or video, a painted mask, the text, an audio file, a voice) and its
 * modes are the catalogue's rows for the route (`toolModes`); core's check of the task (the
 * server's rule) runs before anything is sent and its message sits under the field it names.
 */
import { getTtsVoices, minuteTool, routePath, taskModule, taskTakesSeed } from "@aivg/core/rules";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { usePageMatch } from "../../routes/page";
import { useAtomValue } from "../../state/jotai";
import { checkFields, detectorOf, isMissing, type FieldProblem } from "../create/catalogue";
import { FieldMessage } from "../create/FieldMessage";
import { MediaPicker } from "../create/MediaPicker";
import { ResultView } from "../create/ResultView";
import { storedFile, useReused } from "../create/reuse";
import { MAX_SEED, SeedField, seedData } from "../create/SeedField";
import { SignInButton, useSignedIn } from "../create/SignInButton";
import { uploadBlob, type UploadedFile } from "../create/upload";
import { useGeneration } from "../create/useGeneration";
import { languageAtom } from "../language/state";
import { TaskQueue } from "../tasks/TaskQueue";
import { MaskPainter, type MaskHandle } from "./MaskPainter";
import { isToolRoute, TOOLS, toolModes, type ToolMode, type ToolRoute } from "./toolConfigs";
import { videoPoster, type Poster } from "./videoPoster";
import { GenerationError } from "../create/GenerationError";
import { FaceCheck } from "./FaceCheck";
import { MinutesNote } from "./MinutesNote";
import { ToolDemos } from "./ToolDemos";
import "../create/create.css";

interface Voice {
  id: string;
  name: string;
  lang: string;
}

function readVoices(raw: unknown): Voice[] {
  const list = (raw as { list?: unknown } | null)?.list;
  return (Array.isArray(list) ? list : []).flatMap((v) => {
    const o = v as Record<string, unknown>;
    return typeof o.voice_id === "string" ? [{ id: o.voice_id, name: String(o.name ?? o.voice_id), lang: String(o.lang ?? "") }] : [];
  });
}

export default function ToolPage() {
  const match = usePageMatch();
  if (!isToolRoute(match.name)) throw new Error(`${match.name} is not an AI tool route`);
  const modes = toolModes(match.name);
  const [first, ...rest] = modes;
  if (!first) throw new Error(`the catalogue has no module for ${match.name}`);
  return <ToolScreen key={match.name} route={match.name} modes={[first, ...rest]} hasBack={match.meta.hasBack} />;
}

/** The picture to paint the mask over: the uploaded image, or the first frame of the video. */
function usePaintSurface(file: UploadedFile | null, wanted: boolean): { surface: Poster | null; error: string | null } {
  const [poster, setPoster] = useState<{ url: string; poster: Poster | null; error: string | null } | null>(null);
  const videoUrl = wanted && file?.kind === "video" ? file.previewUrl : null;
  useEffect(() => {
    if (!videoUrl) return;
    let live = true;
    videoPoster(videoUrl)
      .then((p) => live && setPoster({ url: videoUrl, poster: p, error: null }))
      .catch((e: unknown) => live && setPoster({ url: videoUrl, poster: null, error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [videoUrl]);
  if (!wanted || !file) return { surface: null, error: null };
  if (file.kind === "image") return { surface: { src: file.previewUrl, width: file.width, height: file.height }, error: null };
  if (poster?.url !== videoUrl) return { surface: null, error: null };
  return { surface: poster.poster, error: poster.error };
}

/**
 * The route's `hasBack` (docs/behaviour/languages-and-routes.md#routes: the background remover)
 * shows a Back button: to the previous page when there is one, else to the AI tools list (decision,
 * as the error page's Go Back).
 */
function BackButton() {
  const { t } = useTranslation("tools");
  const navigate = useNavigate();
  const language = useAtomValue(languageAtom);
  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(routePath("AiTools", {}, language));
  };
  return (
    <button type="button" className="button button--secondary create-back" data-testid="tool-back" onClick={back}>
      {t("back")}
    </button>
  );
}

function ToolScreen({ route, modes, hasBack }: { route: ToolRoute; modes: [ToolMode, ...ToolMode[]]; hasBack: boolean }) {
  const { t } = useTranslation("tools");
  const { t: tc } = useTranslation("create");
  const [code, setCode] = useState(modes[0].form.code);
  const form = (modes.find((m) => m.form.code === code) ?? modes[0]).form;
  const key = TOOLS[route].key;
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [audio, setAudio] = useState<UploadedFile | null>(null);
  const [text, setText] = useState("");
  const [voices, setVoices] = useState<Voice[]>([]);
  const [voice, setVoice] = useState("");
  const [painted, setPainted] = useState(false);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const mask = useRef<MaskHandle>(null);
  const signedIn = useSignedIn();
  const gen = useGeneration();
  const { surface, error: surfaceError } = usePaintSurface(file, form.mask);
  // The metered tools' month (docs/behaviour/accounts-and-sessions.md#roles-and-permissions), read
  // again after each task this page starts.
  const tool = minuteTool(form.code);
  // A talking avatar animates a face: the portrait is checked for one (image_fkp).
  const avatar = taskModule(form.code)?.work === "avatar";
  const [spent, setSpent] = useState(0);
  const [seed, setSeed] = useState("");
  const [reusedSeed, setReusedSeed] = useState<number | null>(null);
  const takesSeed = taskTakesSeed(form.code);
  // "Use these settings again" (create/reuse.ts): the task's mode, files, words, voice and seed.
  useReused(form.media?.kind, (s) => {
    const str = (v: unknown) => (typeof v === "string" ? v : "");
    if (modes.some((m) => m.form.code === s.algorithm)) setCode(s.algorithm);
    if (s.file) setFile(s.file);
    setText(str(s.data.prompt));
    if (str(s.data.voice_id)) setVoice(str(s.data.voice_id));
    const audioPath = str(s.data.audio_path);
    if (audioPath)
      storedFile(audioPath, "audio")
        .then(setAudio)
        .catch((e: unknown) => console.warn("task audio not loaded", e));
    setReusedSeed(s.seed);
    setSeed(s.seed === null ? "" : String(s.seed));
  });

  useEffect(() => {
    if (!form.voice) return;
    getTtsVoices()
      .then((r) => {
        const list = readVoices(r);
        setVoices(list);
        setVoice((v) => v || list[0]?.id || "");
      })
      .catch((e: unknown) => console.warn("voices not loaded", e));
  }, [form.voice]);

  const data: Record<string, unknown> = {};
  if (file) data.file_path = file.ossPath;
  if (form.prompt && text.trim()) data.prompt = text.trim();
  if (form.audio && audio) data.audio_path = audio.ossPath;
  if (form.voice && voice) data.voice_id = voice;
  if (takesSeed && seedData(seed) !== undefined) data.seed = seedData(seed);
  // The mask is uploaded on Generate; until then the check only needs to know one is painted.
  if (form.mask && painted) data.mask_path = "painted.png";
  const live = checkFields(form.code, data);
  // Files first: Generate waits (with a hint) until every file the module needs is there.
  const waiting = isMissing(live) && live?.field !== "prompt" ? live : null;
  const fileKind = form.media?.kind === "audio" ? "audioFile" : (form.media?.kind ?? "image");
  const waitingKind = waiting?.field === "mask_path" ? "mask" : waiting?.field === "audio_path" ? "audio" : fileKind;

  const submit = async () => {
    const found = checkFields(form.code, data);
    setProblem(found);
    if (found || !file) return;
    const sent = { ...data };
    if (form.mask) {
      try {
        const blob = await mask.current?.toBlob();
        if (!blob) {
          setProblem({ field: "mask_path", rule: "Paint the area to change.", kind: "required", values: { what: "mask" } });
          return;
        }
        sent.mask_path = await uploadBlob(form.code, blob, "png");
      } catch (e) {
        gen.setError(t("error", { message: e instanceof Error ? e.message : String(e) }));
        return;
      }
    }
    await gen.run({ algorithm: form.code, data: sent, mediaKind: detectorOf(form.media?.kind) });
    setSpent((n) => n + 1);
  };

  return (
    <div className="create-page">
      <section className="create-form">
        {hasBack ? <BackButton /> : null}
        <h1 className="create-title">{t(`${key}.title`)}</h1>
        <p className="create-note">{t(`${key}.description`)}</p>
        {modes.length > 1 ? (
          <div className="create-chips" role="radiogroup" aria-label={t("mode")}>
            {modes.map((m) => (
              <button
                key={m.form.code}
                type="button"
                role="radio"
                className="create-chip"
                data-testid={`mode-${m.form.code}`}
                aria-checked={form.code === m.form.code}
                onClick={() => {
                  setCode(m.form.code);
                  setProblem(null);
                }}
              >
                {m.key ? t(`modes.${m.key}`) : m.form.code}
              </button>
            ))}
          </div>
        ) : null}
        {form.media ? <MediaPicker algorithm={form.code} kind={form.media.kind} value={file} onChange={setFile} crop={false} /> : null}
        {tool ? <MinutesNote tool={tool} refresh={spent} /> : null}
        {avatar && file?.kind === "image" ? <FaceCheck ossPath={file.ossPath} /> : null}
        <FieldMessage problem={problem} name="file_path" kind={form.media?.kind ?? "image"} />
        {surface ? (
          <MaskPainter ref={mask} key={surface.src} src={surface.src} width={surface.width} height={surface.height} onPaintedChange={setPainted} />
        ) : null}
        {surfaceError ? (
          <p role="alert" className="create-error">
            {t("error", { message: surfaceError })}
          </p>
        ) : null}
        <FieldMessage problem={problem} name="mask_path" kind="mask" />
        {form.audio ? <MediaPicker algorithm={form.code} kind="audio" value={audio} onChange={setAudio} testId="audio-input" /> : null}
        <FieldMessage problem={problem} name="audio_path" kind="audio" />
        {form.prompt ? (
          <div className="create-field">
            <label className="create-label" htmlFor="tool-text">
              {form.prompt.kind === "speech" ? t("speech") : form.prompt.required ? t("prompt") : t("promptOptional")}
            </label>
            <textarea id="tool-text" className="create-textarea" data-testid="tool-text" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
        ) : null}
        <FieldMessage problem={problem} name="prompt" kind={form.prompt?.kind ?? "prompt"} />
        {form.voice ? (
          <div className="create-field">
            <label className="create-label" htmlFor="tool-voice">
              {t("voice")}
            </label>
            <select id="tool-voice" className="create-select" value={voice} onChange={(e) => setVoice(e.target.value)}>
              {voices.map((v) => (
                <option key={v.id} value={v.id}>
                  {t("voiceOption", { name: v.name, lang: v.lang })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {takesSeed ? <SeedField value={seed} onChange={setSeed} reused={reusedSeed} /> : null}
        <FieldMessage problem={problem} name="seed" kind="other" text={tc("seed.range", { max: MAX_SEED })} />
        <GenerationError error={gen.error} needsCredits={gen.needsCredits} needsPlan={gen.needsPlan} />
        {signedIn ? (
          <>
            <button
              type="button"
              className="button button--primary button--large"
              data-testid="generate"
              disabled={gen.busy || waiting !== null}
              onClick={() => void submit()}
            >
              {gen.busy ? t("generating") : t("generateCost", { count: form.credits })}
            </button>
            {waiting ? (
              <p className="create-note" data-testid="generate-hint">
                {t(`hint.${waitingKind}`)}
              </p>
            ) : null}
          </>
        ) : (
          <SignInButton />
        )}
        <ResultView task={gen.current} />
        <ToolDemos route={route} />
      </section>
      {signedIn ? <TaskQueue /> : null}
    </div>
  );
}
