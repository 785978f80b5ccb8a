/** One AI tool page (issue 8 item 4): upload, the tool's own fields, Generate, result and queue. */
import type { RouteMatch } from "@aivg/core";
import { getTtsVoices } from "@aivg/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import { MediaPicker } from "../create/MediaPicker";
import { ResultView } from "../create/ResultView";
import { SignInNotice, useSignedIn } from "../create/SignInNotice";
import { uploadBlob, type UploadedFile } from "../create/upload";
import { useGeneration } from "../create/useGeneration";
import { TaskQueuePanel } from "../tasks/TaskQueuePanel";
import { MaskPainter, type MaskHandle } from "./MaskPainter";
import { isToolRoute, TOOLS, type ToolConfig } from "./toolConfigs";
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
  const match = useLoaderData() as RouteMatch;
  if (!isToolRoute(match.name)) throw new Error(`${match.name} is not an AI tool route`);
  return <ToolScreen key={match.name} config={TOOLS[match.name]} />;
}

function ToolScreen({ config }: { config: ToolConfig }) {
  const { t } = useTranslation("tools");
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [text, setText] = useState("");
  const [mode, setMode] = useState(config.modes?.[0]?.algorithm ?? config.algorithm);
  const [voices, setVoices] = useState<Voice[]>([]);
  const [voice, setVoice] = useState("");
  const mask = useRef<MaskHandle>(null);
  const signedIn = useSignedIn();
  const gen = useGeneration();
  const algorithm = config.modes ? mode : config.algorithm;

  useEffect(() => {
    if (!config.voices) return;
    getTtsVoices()
      .then((r) => {
        const list = readVoices(r);
        setVoices(list);
        setVoice((v) => v || list[0]?.id || "");
      })
      .catch((e: unknown) => console.warn("voices not loaded", e));
  }, [config.voices]);

  const missing = !file || (config.text === "speech" && !text.trim());

  const submit = async () => {
    if (!file) return;
    const data: Record<string, unknown> = { file_path: file.ossPath };
    if (text.trim()) data.prompt = text.trim();
    if (config.voices && voice) data.voice_id = voice;
    if (config.mask) {
      try {
        const blob = await mask.current?.toBlob();
        if (blob) data.mask_path = await uploadBlob(algorithm, blob, "png");
      } catch (e) {
        gen.setError(t("error", { message: e instanceof Error ? e.message : String(e) }));
        return;
      }
    }
    await gen.run({ algorithm, data, mediaKind: config.media === "video" ? "v" : "i" });
  };

  return (
    <div className="create-page">
      <section className="create-form">
        <h1 className="create-title">{t(`${config.key}.title`)}</h1>
        <p className="create-note">{t(`${config.key}.description`)}</p>
        {config.modes ? (
          <div className="create-chips" role="radiogroup" aria-label={t("mode")}>
            {config.modes.map((m) => (
              <button key={m.key} type="button" role="radio" className="create-chip" aria-checked={mode === m.algorithm} onClick={() => setMode(m.algorithm)}>
                {t(`videoEraser.${m.key}`)}
              </button>
            ))}
          </div>
        ) : null}
        <MediaPicker algorithm={algorithm} kind={config.media} value={file} onChange={setFile} crop={false} />
        {config.mask && file ? <MaskPainter ref={mask} key={file.ossPath} src={file.previewUrl} width={file.width} height={file.height} /> : null}
        {config.text ? (
          <div className="create-field">
            <label className="create-label" htmlFor="tool-text">{config.text === "speech" ? t("speech") : t("prompt")}</label>
            <textarea id="tool-text" className="create-textarea" rows={4} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
          </div>
        ) : null}
        {config.voices ? (
          <div className="create-field">
            <label className="create-label" htmlFor="tool-voice">{t("voice")}</label>
            <select id="tool-voice" className="create-select" value={voice} onChange={(e) => setVoice(e.target.value)}>
              {voices.map((v) => (
                <option key={v.id} value={v.id}>{t("voiceOption", { name: v.name, lang: v.lang })}</option>
              ))}
            </select>
          </div>
        ) : null}
        {gen.error ? <p role="alert" className="create-error">{gen.error}</p> : null}
        {signedIn ? (
          <button type="button" className="button button--primary button--large" data-testid="generate" disabled={gen.busy || missing} onClick={() => void submit()}>
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
