/**
 * Effect creation from a template: the template's request fields become the form
 * (images through the crop dialog, text as text areas); /v1/workflow/direct turns the filled
 * fields into the generation request, which is then sent like any other task. Two images must
 * keep the model's height/width ratio bounds when the template gives them
 * (docs/behaviour/uploads.md#aspect-ratios): once one picture is chosen, the other's crop dialog
 * offers only the presets that keep the pair within them (core's pairCropBounds), and Generate
 * checks the pair again (imagesRatioOk).
 *
 * "How it works" beside the title opens the effect detail tip
 * (docs/behaviour/languages-and-routes.md#overlays overlays; decided: on request rather than on
 * arrival, so a returning user is not interrupted): the template's preview and what to upload, in
 * the template's own words when it has a description.
 */
import { getWorkflowInfo, imagesRatioOk, pairCropBounds, runWorkflowDirect } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { screenModules } from "../create/catalogue";
import { MediaPicker } from "../create/MediaPicker";
import { ResultView } from "../create/ResultView";
import { SignInButton, useSignedIn } from "../create/SignInButton";
import type { UploadedFile } from "../create/upload";
import { useGeneration } from "../create/useGeneration";
import { TaskQueue } from "../tasks/TaskQueue";
import { openModal } from "../overlays/modalAtoms";
import { RecommendedTemplates } from "./RecommendedTemplates";
import { effectTipKind, readTemplate, type Template } from "./templates";
import { GenerationError } from "../create/GenerationError";
import "../create/create.css";

/** The module of this screen in core's catalogue (`effect`): a template that names none runs it. */
function effectModule(): string {
  return screenModules("EffectCreate")[0]?.code ?? "";
}

interface DirectAnswer {
  algorithm?: string;
  module?: string;
  payload?: { data?: Record<string, unknown>; user_data?: Record<string, unknown> };
}

export default function EffectCreatePage() {
  const { t } = useTranslation("effects");
  const [query] = useSearchParams();
  const id = query.get("tpl_id") ?? query.get("id");
  const [template, setTemplate] = useState<Template | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    let live = true;
    getWorkflowInfo({ id })
      .then((r) => live && setTemplate(readTemplate(r)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [id]);

  if (!id)
    return (
      <div className="create-page">
        <p className="create-notice">{t("pick")}</p>
      </div>
    );
  if (error)
    return (
      <div className="create-page">
        <p role="alert" className="create-error">
          {t("error", { message: error })}
        </p>
      </div>
    );
  if (!template)
    return (
      <div className="create-page">
        <p role="status">{t("loading")}</p>
      </div>
    );
  return <EffectForm key={template.id} template={template} />;
}

function EffectForm({ template }: { template: Template }) {
  const { t } = useTranslation("effects");
  const [files, setFiles] = useState<Record<string, UploadedFile | null>>({});
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [ratioError, setRatioError] = useState(false);
  const signedIn = useSignedIn();
  const gen = useGeneration();

  const openTip = () => {
    const clip = template.previewUrl.endsWith(".mp4") ? template.previewUrl : undefined;
    openModal("effectDetailTip", {
      title: template.name,
      content: template.description || t(`tip.${effectTipKind(template)}`),
      videoUrl: clip,
      imageUrl: clip ? template.thumbnail || undefined : template.previewUrl || template.thumbnail || undefined,
    });
  };

  const imageFields = template.request.filter((f) => f.type === "image").map((f) => f.field);
  /** Crop bounds for image field `field`, from the other picture of a bounded pair. */
  const boundsFor = (field: string) => {
    const [first, second] = imageFields;
    if (!template.ratioBounds || !first || !second || (field !== first && field !== second)) return null;
    const other = files[field === first ? second : first];
    if (!other || other.width <= 0 || other.height <= 0) return null;
    try {
      return pairCropBounds(other.width, other.height, field === second, template.ratioBounds[0], template.ratioBounds[1]);
    } catch (e) {
      // Bounds core refuses (say lower > upper from a bad template): crop freely, Generate reports.
      console.warn("template ratio bounds ignored", e);
      return null;
    }
  };

  const missing = template.request.some((f) => f.required && (f.type === "text" ? !texts[f.field]?.trim() : !files[f.field]));

  const submit = () => {
    const images = template.request
      .filter((f) => f.type === "image")
      .map((f) => files[f.field])
      .filter((f): f is UploadedFile => !!f);
    const [a, b] = images;
    if (a && b && template.ratioBounds && !imagesRatioOk(a.width, a.height, b.width, b.height, template.ratioBounds[0], template.ratioBounds[1])) {
      setRatioError(true);
      return;
    }
    setRatioError(false);
    const fields: Record<string, unknown> = {};
    for (const f of template.request) {
      if (f.type === "text") {
        if (texts[f.field]?.trim()) fields[f.field] = texts[f.field]?.trim();
      } else if (files[f.field]) fields[f.field] = files[f.field]?.ossPath;
    }
    runWorkflowDirect({ tpl_id: template.id, fields })
      .then((raw) => {
        const answer = (raw ?? {}) as DirectAnswer;
        const algorithm = answer.algorithm || template.algorithm;
        return gen.run({
          algorithm,
          module: answer.module || template.module,
          data: answer.payload?.data ?? fields,
          userData: { isFromTpl: true, name: template.name, ...answer.payload?.user_data },
          mediaKind: "i",
        });
      })
      .catch((e: unknown) => gen.setError(t("error", { message: e instanceof Error ? e.message : String(e) })));
  };

  return (
    <div className="create-page">
      <section className="create-form">
        <div className="create-row" style={{ alignItems: "center", justifyContent: "space-between" }}>
          <h1 className="create-title">{template.name}</h1>
          <button type="button" className="button button--secondary" data-testid="effect-tip" onClick={openTip}>
            {t("tip.open")}
          </button>
        </div>
        <img src={template.previewUrl || template.thumbnail} alt="" style={{ maxWidth: 240, borderRadius: 8 }} />
        {template.request.map((f) =>
          f.type === "text" ? (
            <div key={f.field} className="create-field">
              <label className="create-label" htmlFor={`tpl-${f.field}`}>
                {f.label}
              </label>
              <textarea
                id={`tpl-${f.field}`}
                className="create-textarea"
                maxLength={f.maxLength}
                value={texts[f.field] ?? ""}
                onChange={(e) => setTexts((s) => ({ ...s, [f.field]: e.target.value }))}
              />
            </div>
          ) : (
            <MediaPicker
              key={f.field}
              algorithm={template.algorithm || effectModule()}
              kind={f.type}
              label={f.label}
              value={files[f.field] ?? null}
              onChange={(v) => setFiles((s) => ({ ...s, [f.field]: v }))}
              testId={`tpl-${f.field}`}
              cropBounds={f.type === "image" ? boundsFor(f.field) : null}
            />
          ),
        )}
        {ratioError ? (
          <p role="alert" className="create-error">
            {t("ratioMismatch")}
          </p>
        ) : null}
        <GenerationError error={gen.error} needsCredits={gen.needsCredits} />
        {signedIn ? (
          <button type="button" className="button button--primary button--large" data-testid="generate" disabled={gen.busy || missing} onClick={submit}>
            {gen.busy ? t("generating") : t("generate")}
          </button>
        ) : (
          <SignInButton />
        )}
        <ResultView task={gen.current} />
        <RecommendedTemplates current={template} />
      </section>
      {signedIn ? <TaskQueue /> : null}
    </div>
  );
}
