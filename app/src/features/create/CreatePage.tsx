/**
 * The shared creation screen of text to video, image to video, video to anime
 * (also /video-to-video), text to image and image to image. The route's metadata type (core's
 * route table, docs/behaviour/languages-and-routes.md#routes) is the task algorithm; `:semantic`
 * only names the page for search. What the screen asks (prompt required or optional, picture or
 * video, aspect ratio, length, price, output) is the module's row in core's catalogue
 * (`catalogue.ts`). Generate runs core's check of the task (the server's rule, shown under the
 * field), the content checks, then asks the credit-consumption confirmation with the price, then
 * creates the task.
 */
import { aspectRatioOptions, getExploreInfo, taskTakesSeed } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { usePageMatch } from "../../routes/page";
import { useAtomValue } from "../../state/jotai";
import { readExploreItem } from "../explore/exploreItems";
import { languageAtom } from "../language/state";
import { TaskQueue } from "../tasks/TaskQueue";
import { AspectRatioPicker, DEFAULT_RATIO } from "./AspectRatioPicker";
import { checkFields, detectorOf, firstModuleForm, moduleForm, screenModules, type FieldProblem, type ModuleForm } from "./catalogue";
import { DurationPicker } from "./DurationPicker";
import { FieldMessage } from "./FieldMessage";
import { MediaPicker } from "./MediaPicker";
import { PromptBox } from "./PromptBox";
import { PromptStylePicker } from "./PromptStylePicker";
import { ResultView } from "./ResultView";
import { useReused } from "./reuse";
import { MAX_SEED, SeedField, seedData } from "./SeedField";
import { SignInButton, useSignedIn } from "./SignInButton";
import type { UploadedFile } from "./upload";
import { useGeneration } from "./useGeneration";
import { GenerationError } from "./GenerationError";
import "./create.css";

/**
 * The module a creation route makes: the catalogue's row for the screen, else the route's type,
 * else the catalogue's first module (text to image).
 */
export function createScreenForm(route: string, type: string | undefined): ModuleForm {
  return screenModules(route)[0] ?? (type ? moduleForm(type) : firstModuleForm());
}

export default function CreatePage() {
  const match = usePageMatch();
  const form = createScreenForm(match.name, match.meta.type);
  // Remount per module: the fields of one screen do not carry over to another.
  return <CreateScreen key={form.code} form={form} />;
}

function CreateScreen({ form }: { form: ModuleForm }) {
  const { t } = useTranslation("create");
  const language = useAtomValue(languageAtom);
  const algorithm = form.code;
  const [query] = useSearchParams();
  // Links may carry a prompt (home page: ?prompt=) or an explore item to remake (?exploreId=).
  const [prompt, setPrompt] = useState(() => query.get("prompt") ?? "");
  const [ratio, setRatio] = useState(DEFAULT_RATIO);
  const [duration, setDuration] = useState(form.duration?.default ?? 0);
  const [promptStyle, setPromptStyle] = useState(form.promptStyles[0]?.id ?? "");
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const exploreId = query.get("exploreId");
  useEffect(() => {
    if (!exploreId) return;
    let live = true;
    getExploreInfo({ id: exploreId })
      .then((raw) => {
        const item = readExploreItem(raw);
        if (!live || !item) return;
        if (item.prompt) setPrompt(item.prompt);
        if (aspectRatioOptions().some((o) => o.label === item.ratio)) setRatio(item.ratio);
      })
      .catch((e: unknown) => console.warn("explore item not loaded", e));
    return () => {
      live = false;
    };
  }, [exploreId]);
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [seed, setSeed] = useState("");
  const [reusedSeed, setReusedSeed] = useState<number | null>(null);
  useReused(form.media?.kind, (s) => {
    const text = (name: string) => (typeof s.data[name] === "string" ? (s.data[name] as string) : "");
    setPrompt(text("prompt"));
    if (form.ratio && aspectRatioOptions().some((o) => o.label === text("aspect_ratio"))) setRatio(text("aspect_ratio"));
    if (form.duration && typeof s.data.duration === "number") setDuration(s.data.duration);
    if (form.promptStyles.some((p) => p.id === text("prompt_style"))) setPromptStyle(text("prompt_style"));
    if (s.file) setFile(s.file);
    setReusedSeed(s.seed);
    setSeed(s.seed === null ? "" : String(s.seed));
  });
  const takesSeed = taskTakesSeed(algorithm);
  const signedIn = useSignedIn();
  const gen = useGeneration();

  const data: Record<string, unknown> = {};
  if (prompt.trim()) data.prompt = prompt.trim();
  if (form.ratio) data.aspect_ratio = ratio;
  if (form.duration) data.duration = duration;
  if (file) data.file_path = file.ossPath;
  if (form.promptStyles.length > 0) data.prompt_style = promptStyle;
  if (takesSeed && seedData(seed) !== undefined) data.seed = seedData(seed);
  // Nothing can start before the file is uploaded: Generate waits for it, with a hint.
  const waitingFor = form.media?.required && !file ? form.media.kind : null;

  const submit = () => {
    const found = checkFields(algorithm, data);
    setProblem(found);
    if (found) return;
    void gen.run({ algorithm, data, mediaKind: detectorOf(form.media?.kind) }, { confirm: true });
  };

  return (
    <div className="create-page">
      <section className="create-form" aria-labelledby="create-title">
        <h1 id="create-title" className="create-title">
          {/* The heading is the module's (`title.<module code>`), else the generic one. */}
          {t(`title.${algorithm}` as never, { defaultValue: t("title.generic") }) as string}
        </h1>
        {form.media ? <MediaPicker algorithm={algorithm} kind={form.media.kind} value={file} onChange={setFile} /> : null}
        <FieldMessage problem={problem} name="file_path" kind={form.media?.kind ?? "image"} />
        {form.prompt ? (
          <PromptBox
            algorithm={algorithm}
            value={prompt}
            onChange={setPrompt}
            required={form.prompt.required}
            language={language}
            imagePath={file?.kind === "image" ? file.ossPath : undefined}
          />
        ) : null}
        <FieldMessage problem={problem} name="prompt" kind={form.prompt?.kind ?? "prompt"} />
        {form.promptStyles.length > 0 ? <PromptStylePicker styles={form.promptStyles} value={promptStyle} onChange={setPromptStyle} /> : null}
        {form.ratio ? <AspectRatioPicker value={ratio} onChange={setRatio} /> : null}
        {form.duration ? <DurationPicker rule={form.duration} value={duration} onChange={setDuration} /> : null}
        <FieldMessage problem={problem} name="duration" kind="other" />
        <FieldMessage problem={problem} name="aspect_ratio" kind="other" />
        {takesSeed ? <SeedField value={seed} onChange={setSeed} reused={reusedSeed} /> : null}
        <FieldMessage problem={problem} name="seed" kind="other" text={t("seed.range", { max: MAX_SEED })} />
        <GenerationError error={gen.error} needsCredits={gen.needsCredits} needsPlan={gen.needsPlan} />
        {signedIn ? (
          <>
            <button
              type="button"
              className="button button--primary button--large"
              data-testid="generate"
              disabled={gen.busy || waitingFor !== null}
              onClick={submit}
            >
              {gen.busy ? t("generating") : t("generateCost", { count: form.credits })}
            </button>
            {waitingFor ? (
              <p className="create-note" data-testid="generate-hint">
                {t(`field.required.${waitingFor}`)}
              </p>
            ) : null}
          </>
        ) : (
          <SignInButton />
        )}
        <ResultView task={gen.current} />
      </section>
      {signedIn ? <TaskQueue /> : null}
    </div>
  );
}
