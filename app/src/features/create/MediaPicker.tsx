/**
 * The upload of a creation screen. Images go through the crop dialog (core geometry, WASM
 * downscale; docs/behaviour/uploads.md#image-crop "Image crop", #image-crop) unless `crop` is off;
 * videos upload as they are. Once stored, the server's reading of the file (`oss/mediainfo`,
 * docs/behaviour/uploads.md#uploads) gives the length and size shown under it. Uploading needs an
 * account: a signed-out visitor's click on the file field opens the log-in dialog instead of the
 * file chooser (docs/behaviour/accounts-and-sessions.md#signed-out-visitors).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { openLoginDialog } from "../login/loginState";
import type { CropResult } from "../overlays/crop/cropTypes";
import { openModal } from "../overlays/modalAtoms";
import { MediaFacts } from "./MediaFacts";
import { useSignedIn } from "./SignInButton";
import { uploadBlob, uploadImage, uploadMedia, extensionOf, withMediaInfo, type UploadedFile } from "./upload";

export interface MediaPickerProps {
  algorithm: string;
  kind: "image" | "video" | "audio";
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
  /** Image only: open the crop dialog (default true). */
  crop?: boolean;
  label?: string;
  testId?: string;
  /** Image only: the crop's width/height bounds (the dialog offers only presets within them). */
  cropBounds?: { minRatio: number; maxRatio: number } | null;
}

const ACCEPT = { image: "image/jpeg,image/png,image/webp", video: "video/mp4,video/quicktime,video/webm", audio: "audio/*" };

export function MediaPicker({ algorithm, kind, value, onChange, crop = true, label, testId = "media-input", cropBounds }: MediaPickerProps) {
  const { t } = useTranslation("create");
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const signedIn = useSignedIn();

  const track = (work: Promise<UploadedFile>) => {
    setState({ busy: true, error: null });
    work
      .then(withMediaInfo)
      .then((f) => {
        onChange(f);
        setState({ busy: false, error: null });
      })
      .catch((e: unknown) => setState({ busy: false, error: e instanceof Error ? e.message : String(e) }));
  };

  const pick = (file: File) => {
    if (!signedIn) {
      openLoginDialog("login");
      return;
    }
    if (kind !== "image") {
      track(uploadMedia(algorithm, file, kind));
      return;
    }
    if (!crop) {
      track(uploadImage(algorithm, file, file.name));
      return;
    }
    openModal("imageCrop", {
      source: file,
      minRatio: cropBounds?.minRatio ?? null,
      maxRatio: cropBounds?.maxRatio ?? null,
      onConfirm: (r: CropResult) => {
        track(
          uploadBlob(algorithm, r.image, extensionOf(r.image, file.name)).then((ossPath) => ({
            ossPath,
            kind: "image" as const,
            previewUrl: URL.createObjectURL(r.image),
            width: r.width,
            height: r.height,
          })),
        );
      },
    });
  };

  return (
    <div className="create-field">
      <label className="create-label" htmlFor={id}>
        {label ?? t(`upload.${kind}`)}
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT[kind]}
        data-testid={testId}
        disabled={state.busy}
        onClick={(e) => {
          if (signedIn) return;
          e.preventDefault();
          openLoginDialog("login");
        }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) pick(file);
        }}
      />
      {state.busy ? <p role="status">{t("upload.busy")}</p> : null}
      {state.error ? (
        <p role="alert" className="create-error">
          {t("error.upload", { message: state.error })}
        </p>
      ) : null}
      {value ? (
        <div className="create-upload" data-testid={`${testId}-ready`} data-oss-path={value.ossPath} data-width={value.width} data-height={value.height}>
          {value.kind === "image" ? <img src={value.previewUrl} alt="" /> : null}
          {value.kind === "video" ? <video src={value.previewUrl} muted controls /> : null}
          {value.kind === "audio" ? <audio src={value.previewUrl} controls /> : null}
          {value.width > 0 ? <span>{t("upload.size", { w: value.width, h: value.height })}</span> : null}
          {value.info ? <MediaFacts info={value.info} testId={`${testId}-info`} /> : null}
          <button type="button" className="button button--secondary" onClick={() => onChange(null)}>
            {t("upload.remove")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
