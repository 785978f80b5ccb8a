/**
 * The prompt of a creation screen: samples (/v1/common/prompt_sample), presets
 * (/v1/prompt/category-and-presets), prompt polish and image-to-prompt
 * (docs/behaviour/tasks-and-queue.md#task-inputs). Polish and image-to-prompt are account calls: a
 * signed-out visitor's click opens the log-in dialog instead of sending them
 * (docs/behaviour/accounts-and-sessions.md#signed-out-visitors).
 */
import { getPromptPresets, getPromptSample, imageToPrompt, polishPrompt } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { openLoginDialog } from "../login/loginState";
import { showToast } from "../overlays/toasts";
import { useSignedIn } from "./SignInButton";

interface Preset {
  id: string;
  title: string;
  prompt: string;
}

function list(raw: unknown): unknown[] {
  const o = (raw ?? {}) as { list?: unknown };
  return Array.isArray(o.list) ? o.list : [];
}

function readSamples(raw: unknown): string[] {
  return list(raw)
    .map((x) => (x as { prompt?: unknown }).prompt)
    .filter((p): p is string => typeof p === "string" && p.length > 0);
}

function readPresets(raw: unknown): Preset[] {
  return list(raw).flatMap((c) => {
    const presets = (c as { presets?: unknown }).presets;
    return (Array.isArray(presets) ? presets : []).filter((p): p is Preset => typeof (p as Preset).id === "string" && typeof (p as Preset).prompt === "string");
  });
}

function promptOf(raw: unknown): string {
  const p = (raw as { prompt?: unknown } | null)?.prompt;
  return typeof p === "string" ? p : "";
}

export interface PromptBoxProps {
  algorithm: string;
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  language: string;
  /** The uploaded image, when image-to-prompt is possible. */
  imagePath?: string;
  label?: string;
  maxLength?: number;
  /** The box's hint when empty (default: the creation screens' "Describe what you want to see"). */
  placeholder?: string;
  /**
   * Whether to offer the module's presets as prompt chips (default true). Off where the screen
   * already offers the same presets another way (the music page's styles).
   */
  presets?: boolean;
}

export function PromptBox({
  algorithm,
  value,
  onChange,
  required,
  language,
  imagePath,
  label,
  maxLength,
  placeholder,
  presets: withPresets = true,
}: PromptBoxProps) {
  const { t } = useTranslation("create");
  const [samples, setSamples] = useState<string[]>([]);
  const [presets, setPresets] = useState<Preset[]>([]);
  const [busy, setBusy] = useState(false);
  const signedIn = useSignedIn();

  useEffect(() => {
    let live = true;
    getPromptSample({ key: algorithm })
      .then((r) => live && setSamples(readSamples(r)))
      .catch((e: unknown) => console.warn("prompt samples not loaded", e));
    if (withPresets) {
      getPromptPresets({ algorithm, lang: language })
        .then((r) => live && setPresets(readPresets(r)))
        .catch((e: unknown) => console.warn("prompt presets not loaded", e));
    }
    return () => {
      live = false;
    };
  }, [algorithm, language, withPresets]);

  const run = (call: () => Promise<unknown>) => {
    if (!signedIn) {
      openLoginDialog("login");
      return;
    }
    setBusy(true);
    call()
      .then((r) => {
        const p = promptOf(r);
        if (p) onChange(p);
      })
      .catch((e: unknown) => showToast("error", t("error.generic", { message: e instanceof Error ? e.message : String(e) })))
      .finally(() => setBusy(false));
  };

  const addPreset = (p: Preset) => onChange(value.trim() ? `${value.trim()}, ${p.prompt}` : p.prompt);

  return (
    <div className="create-field">
      <label className="create-label" htmlFor={`prompt-${algorithm}`}>
        {label ?? (required ? t("prompt.label") : t("prompt.optional"))}
      </label>
      <textarea
        id={`prompt-${algorithm}`}
        className="create-textarea"
        data-testid="prompt"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder ?? t("prompt.placeholder")}
        onChange={(e) => onChange(e.target.value)}
        rows={5}
      />
      <div className="create-row">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || !value.trim()}
          onClick={() => run(() => polishPrompt({ prompt: value, algorithm }))}
        >
          {t("prompt.polish")}
        </button>
        {imagePath ? (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => run(() => imageToPrompt({ file_path: imagePath }))}>
            {t("prompt.fromImage")}
          </button>
        ) : null}
        {samples.length > 0 ? (
          <button
            type="button"
            className="button button--secondary"
            data-testid="prompt-sample"
            onClick={() => onChange(samples[Math.floor(Math.random() * samples.length)] ?? "")}
          >
            {t("prompt.sample")}
          </button>
        ) : null}
      </div>
      {presets.length > 0 ? (
        <div className="create-chips" role="group" aria-label={t("prompt.presets")}>
          {presets.map((p) => (
            <button key={p.id} type="button" className="create-chip" onClick={() => addPreset(p)}>
              {p.title}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
