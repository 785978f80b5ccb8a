/**
 * The shared creation screen (issue 8 item 1) of text to video, image to video, video to anime
 * (also /video-to-video), text to image and image to image. The route's metadata type (core's
 * route table, spec 01 §2) is the task algorithm; `:semantic` only names the page for search.
 * Generate runs the content checks, then asks the credit-consumption confirmation with the price,
 * then creates the task.
 */
import { aspectRatioOptions, getExploreInfo, type RouteMatch } from "@aivg/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData, useSearchParams } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { readExploreItem } from "../explore/exploreItems";
import { languageAtom } from "../language/state";
import { TaskQueuePanel } from "../tasks/TaskQueuePanel";
import { AspectRatioPicker, DEFAULT_RATIO } from "./AspectRatioPicker";
import { MediaPicker } from "./MediaPicker";
import { PromptBox } from "./PromptBox";
import { ResultView } from "./ResultView";
import { SignInNotice, useSignedIn } from "./SignInNotice";
import type { UploadedFile } from "./upload";
import { useGeneration, useModuleCredits } from "./useGeneration";
import "./create.css";

interface ScreenConfig {
  prompt: "required" | "optional";
  media: "image" | "video" | null;
  ratio: boolean;
  /** What the task makes: picks the consumption confirmation's text. */
  output: "video" | "image";
}

/** What each algorithm asks for (the server's input rules, server/src/tasks/modules.rs). */
export const SCREENS: Record<string, ScreenConfig> = {
  text2video: { prompt: "required", media: null, ratio: true, output: "video" },
  image2video: { prompt: "optional", media: "image", ratio: false, output: "video" },
  video2anime: { prompt: "optional", media: "video", ratio: false, output: "video" },
  text2image: { prompt: "required", media: null, ratio: true, output: "image" },
  image2image: { prompt: "optional", media: "image", ratio: false, output: "image" },
};

const TITLES: Record<string, `title.${"text2video" | "image2video" | "video2anime" | "text2image" | "image2image"}`> = {
  text2video: "title.text2video",
  image2video: "title.image2video",
  video2anime: "title.video2anime",
  text2image: "title.text2image",
  image2image: "title.image2image",
};

export default function CreatePage() {
  const match = useLoaderData() as RouteMatch;
  const algorithm = match.meta.type ?? "text2image";
  // Remount per algorithm: the fields of one screen do not carry over to another.
  return <CreateScreen key={algorithm} algorithm={algorithm} />;
}

function CreateScreen({ algorithm }: { algorithm: string }) {
  const { t } = useTranslation("create");
  const language = useAtomValue(languageAtom);
  const config = SCREENS[algorithm] ?? { prompt: "required", media: null, ratio: false, output: "image" };
  const [query] = useSearchParams();
  // Links may carry a prompt (home page: ?prompt=) or an explore item to remake (?exploreId=).
  const [prompt, setPrompt] = useState(() => query.get("prompt") ?? "");
  const [ratio, setRatio] = useState(DEFAULT_RATIO);
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
  const signedIn = useSignedIn();
  const gen = useGeneration();
  const price = useModuleCredits(algorithm);

  const missing = (config.prompt === "required" && !prompt.trim()) || (config.media !== null && !file);

  const submit = () => {
    const data: Record<string, unknown> = {};
    if (prompt.trim()) data.prompt = prompt.trim();
    if (config.ratio) data.aspect_ratio = ratio;
    if (file) data.file_path = file.ossPath;
    void gen.run(
      { algorithm, data, mediaKind: config.media === "video" ? "v" : config.media === "image" ? "i" : undefined },
      { confirmCredits: config.output },
    );
  };

  return (
    <div className="create-page">
      <section className="create-form" aria-labelledby="create-title">
        <h1 id="create-title" className="create-title">{t(TITLES[algorithm] ?? "title.generic")}</h1>
        {config.media ? <MediaPicker algorithm={algorithm} kind={config.media} value={file} onChange={setFile} /> : null}
        <PromptBox
          algorithm={algorithm}
          value={prompt}
          onChange={setPrompt}
          required={config.prompt === "required"}
          language={language}
          imagePath={file?.kind === "image" ? file.ossPath : undefined}
        />
        {config.ratio ? <AspectRatioPicker value={ratio} onChange={setRatio} /> : null}
        {gen.error ? <p role="alert" className="create-error" data-testid="create-error">{gen.error}</p> : null}
        {signedIn ? (
          <button type="button" className="button button--primary button--large" data-testid="generate" disabled={gen.busy || missing} onClick={submit}>
            {gen.busy ? t("generating") : price === undefined ? t("generate") : t("generateCost", { count: price })}
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
