/**
 * What a video module will make of the uploaded video, shown before the user pays: "Made at
 * 960 × 544, first 81 frames (3.4 s)", or why the server will refuse the video (too large, too
 * long to enlarge), from core's `videoOutput` (docs/behaviour/tasks-and-queue.md#video-inputs) on
 * the size, frames and rate the server read (`oss/mediainfo`). Nothing for a module that does not
 * remake a video. Core's later rules arrive on the first upload (features/later/load.ts).
 */
import { tagForCode } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";
import { loadLater, type Later } from "../later/load";
import type { MediaInfo } from "./upload";

type Plan = ReturnType<Later["videoOutput"]>;

export function VideoMadeNote({ algorithm, info, testId }: { algorithm: string; info: MediaInfo; testId: string }) {
  const { t } = useTranslation("create");
  const locale = tagForCode(useAtomValue(languageAtom));
  const key = `${algorithm} ${info.width} ${info.height} ${info.frames} ${info.fps}`;
  const sized = info.width > 0 && info.height > 0;
  // The plan with the inputs it was made for: a new upload never shows the previous one's.
  const [made, setMade] = useState<{ key: string; plan: Plan } | null>(null);
  useEffect(() => {
    if (!sized) return;
    let live = true;
    loadLater()
      .then((later) => live && setMade({ key, plan: later.videoOutput(algorithm, info.width, info.height, Math.round(info.frames), info.fps) }))
      .catch((e: unknown) => console.warn("video plan not computed", e));
    return () => {
      live = false;
    };
  }, [key, sized, algorithm, info.width, info.height, info.frames, info.fps]);
  const plan = sized && made?.key === key ? made.plan : undefined;
  if (!plan) return null;
  const seconds = (s: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(s);
  const problem = plan.problem;
  if (problem) {
    const text =
      problem.kind === "tooLarge"
        ? t("video.tooLarge", { w: problem.maxWidth, h: problem.maxHeight, width: problem.width, height: problem.height })
        : t("video.tooLong", { max: problem.maxFrames, seconds: seconds(problem.maxSeconds), frames: problem.frames });
    return (
      <p role="alert" className="create-error" data-testid={`${testId}-refused`}>
        {text}
      </p>
    );
  }
  const out = plan.output;
  if (!out) return null;
  const textKey = out.trimmed ? "video.madeFirst" : out.seconds > 0 ? "video.made" : "video.madeFrames";
  return (
    <span className="create-facts" data-testid={`${testId}-made`} data-width={out.width} data-height={out.height} data-frames={out.frames}>
      {t(textKey, { w: out.width, h: out.height, frames: out.frames, seconds: seconds(out.seconds) })}
    </span>
  );
}
