/**
 * The upload of a creation screen. Images go through the crop dialog (core geometry, WASM
 * downscale; docs/behaviour/uploads.md#image-crop "Image crop", #image-crop) unless `crop` is off;
 * videos upload as they are. Once stored, the server's reading of the file (`oss/mediainfo`,
 * docs/behaviour/uploads.md#uploads) gives the length and size shown under it. Uploading needs an
 * account: a signed-out visitor's click on the file field opens the log-in dialog instead of the
 * file chooser (docs/behaviour/accounts-and-sessions.md#signed-out-visitors).
 *
 * The browser's own file control ("Choose File · No file chosen", in the browser's language) is
 * hidden: a drop zone with a button opens it (keyboard: the button), takes a dropped file, and then
 * shows the chosen file (its picture or player, name and size) with Replace and Remove. A file of
 * another kind is refused with a message saying what to choose, before the crop dialog opens
 * (fileKind.ts); a picture the browser cannot read closes the crop dialog with the same kind of
 * message under the field.
 */
import { useId, useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { openLoginDialog } from "../login/loginState";
import type { CropResult } from "../overlays/crop/cropTypes";
import { openModal } from "../overlays/modalAtoms";
import { Icon } from "../icons/Icon";
import { ACCEPT, fileFits, type UploadKind } from "./fileKind";
import { MediaFacts } from "./MediaFacts";
import { useSignedIn } from "./SignInButton";
import { VideoMadeNote } from "./VideoMadeNote";
import { uploadBlob, uploadImage, uploadMedia, extensionOf, withMediaInfo, type UploadedFile } from "./upload";

export interface MediaPickerProps {
  algorithm: string;
  kind: UploadKind;
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
  /** Image only: open the crop dialog (default true). */
  crop?: boolean;
  label?: string;
  testId?: string;
  /** Image only: the crop's width/height bounds (the dialog offers only presets within them). */
  cropBounds?: { minRatio: number; maxRatio: number } | null;
}

const KIND_ICON: Record<UploadKind, string> = { image: "image", video: "video", audio: "music" };

type Problem = { message: string } | { translated: "notImage" | "notVideo" | "notAudio" | "unreadable" } | null;

export function MediaPicker({ algorithm, kind, value, onChange, crop = true, label, testId = "media-input", cropBounds }: MediaPickerProps) {
  const { t } = useTranslation("create");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ busy: boolean; problem: Problem }>({ busy: false, problem: null });
  const [name, setName] = useState("");
  const [dragging, setDragging] = useState(false);
  const signedIn = useSignedIn();

  const track = (work: Promise<UploadedFile>, fileName: string) => {
    setState({ busy: true, problem: null });
    work
      .then(withMediaInfo)
      .then((f) => {
        setName(fileName);
        onChange(f);
        setState({ busy: false, problem: null });
      })
      .catch((e: unknown) => setState({ busy: false, problem: { message: e instanceof Error ? e.message : String(e) } }));
  };

  const pick = (file: File) => {
    if (!signedIn) {
      openLoginDialog("login");
      return;
    }
    if (!fileFits(kind, file)) {
      setState({ busy: false, problem: { translated: kind === "image" ? "notImage" : kind === "video" ? "notVideo" : "notAudio" } });
      return;
    }
    setState({ busy: false, problem: null });
    if (kind !== "image") {
      track(uploadMedia(algorithm, file, kind), file.name);
      return;
    }
    if (!crop) {
      track(uploadImage(algorithm, file, file.name), file.name);
      return;
    }
    openModal("imageCrop", {
      source: file,
      minRatio: cropBounds?.minRatio ?? null,
      maxRatio: cropBounds?.maxRatio ?? null,
      onUnreadable: () => setState({ busy: false, problem: { translated: "unreadable" } }),
      onConfirm: (r: CropResult) => {
        track(
          uploadBlob(algorithm, r.image, extensionOf(r.image, file.name)).then((ossPath) => ({
            ossPath,
            kind: "image" as const,
            previewUrl: URL.createObjectURL(r.image),
            width: r.width,
            height: r.height,
          })),
          file.name,
        );
      },
    });
  };

  const choose = () => input.current?.click();
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (state.busy || !e.dataTransfer?.types.includes("Files")) return;
    e.preventDefault();
    setDragging(true);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer?.files[0];
    if (file && !state.busy) pick(file);
  };
  const problem = state.problem;

  return (
    <div className="create-field">
      <span className="create-label" id={`${id}-label`}>
        {label ?? t(`upload.${kind}`)}
      </span>
      <div
        className="create-drop"
        role="group"
        aria-labelledby={`${id}-label`}
        data-dragging={dragging || undefined}
        data-testid={`${testId}-zone`}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {value ? (
          <div className="create-upload" data-testid={`${testId}-ready`} data-oss-path={value.ossPath} data-width={value.width} data-height={value.height}>
            {value.kind === "image" ? <img src={value.previewUrl} alt={name} /> : null}
            {value.kind === "video" ? <video src={value.previewUrl} muted controls /> : null}
            {value.kind === "audio" ? <audio src={value.previewUrl} controls /> : null}
            <div className="create-upload__about">
              {name ? (
                <span className="create-upload__name" data-testid={`${testId}-name`}>
                  {name}
                </span>
              ) : null}
              {value.width > 0 ? <span>{t("upload.size", { w: value.width, h: value.height })}</span> : null}
              {value.info ? <MediaFacts info={value.info} testId={`${testId}-info`} /> : null}
              {value.kind === "video" && value.info ? <VideoMadeNote algorithm={algorithm} info={value.info} testId={testId} /> : null}
              <div className="create-row">
                <button type="button" className="button button--secondary" disabled={state.busy} onClick={choose}>
                  {t("upload.replace")}
                </button>
                <button type="button" className="button button--secondary" onClick={() => onChange(null)}>
                  {t("upload.remove")}
                </button>
              </div>
            </div>
          </div>
        ) : (
          <div className="create-drop__empty">
            <Icon name={KIND_ICON[kind]} size={32} />
            <button type="button" className="button button--secondary" disabled={state.busy} onClick={choose} aria-describedby={`${id}-hint`}>
              {t("upload.choose")}
            </button>
            <span className="create-note" id={`${id}-hint`}>
              {t(`upload.hint.${kind}`)}
            </span>
          </div>
        )}
      </div>
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        accept={ACCEPT[kind]}
        data-testid={testId}
        disabled={state.busy}
        onClick={(e) => {
          if (signedIn) return;
          e.preventDefault();
          openLoginDialog("login");
        }}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) pick(file);
        }}
      />
      {state.busy ? <p role="status">{t("upload.busy")}</p> : null}
      {problem ? (
        <p role="alert" className="create-error" data-testid={`${testId}-error`}>
          {"translated" in problem ? t(`upload.${problem.translated}`) : t("error.upload", { message: problem.message })}
        </p>
      ) : null}
    </div>
  );
}
