/**
 * The generic modals of the shell (docs/behaviour/languages-and-routes.md#overlays "Overlays of the
 * shell", data of docs/behaviour/tasks-and-queue.md#templates) and the data each one is opened
 * with. Buy, login, check-in and report dialogs belong to
 * docs/behaviour/accounts-and-sessions.md#log-in.
 */
import type { TemplatePageQuery } from "@aivg/core/rules";
import type { CropResult, CropDialogData } from "./crop/cropTypes";

/** A choice of the audio edit modal. */
export interface AudioEditOption {
  value: string;
  /** Already translated label. */
  label: string;
}

/** Template item for audio (docs/behaviour/tasks-and-queue.md#templates): name, description, thumbnail, preview (audio URL). */
export interface AudioTemplateItem {
  /** The template's id: a page that repeats an item already shown does not show it twice. */
  id?: string | number;
  name: string;
  description?: string;
  thumbnail?: string;
  preview?: string;
}

/** A category tab of the template list modal. */
export interface TemplateListCategory {
  id: string | number;
  title: string;
  /** The first page. */
  items: AudioTemplateItem[];
  /** How many the server holds (`paginate.total`); default: `items.length` (nothing more to load). */
  total?: number;
}

/** One more page of a category (docs/behaviour/calls-and-errors.md#request-rules `GET /v1/workflow/list`: list and paginate.total). */
export type TemplatePageLoader = (categoryId: string | number, query: TemplatePageQuery) => Promise<{ items: AudioTemplateItem[]; total: number }>;

/** One picture of the image preview. */
export interface PreviewImage {
  src: string;
  alt?: string;
}

export interface ModalDataMap {
  /** Effect detail tip: a template's explanation, with an optional picture or clip. */
  effectDetailTip: { title: string; content: string; imageUrl?: string; videoUrl?: string };
  /** Audio edit choice; the first option is preselected (docs/behaviour/tasks-and-queue.md#templates). */
  audioEditChoice: { title?: string; options: AudioEditOption[]; onChoose: (value: string) => void };
  /** Auto-clip go-back confirmation. */
  autoClipGoBack: { onConfirm: () => void; onCancel?: () => void };
  /**
   * Credit-consumption confirmation: "Use {n} credits to unlock the full audio"
   * (docs/behaviour/calls-and-errors.md#messages) for audio; the spec gives no text for the other
   * creation screens, so video and image say "Use {n} credits to create this video/image" in the
   * same Cancel/Continue dialog. Default audio.
   */
  consumption: { credits: number; purpose?: "audio" | "video" | "image"; onContinue: () => void; onCancel?: () => void };
  /** Generic confirmation; texts already translated, defaults from the overlays namespace. */
  confirm: {
    title?: string;
    message: string;
    cancelText?: string;
    confirmText?: string;
    onConfirm: () => void;
    onCancel?: () => void;
  };
  /**
   * Template list: category tabs and audio preview items; "Load more" pages a category through
   * `loadPage` under core's rule (docs/behaviour/tasks-and-queue.md#templates "Template lists").
   * Without `loadPage` nothing pages.
   */
  templateList: {
    title?: string;
    categories: TemplateListCategory[];
    onSelect: (item: AudioTemplateItem) => void;
    loadPage?: TemplatePageLoader;
  };
  /** Drive-space error; Close and Upgrade Plan both only close (docs/behaviour/calls-and-errors.md#the-error-catalogue). */
  driveSpace: { message?: string };
  /** Feedback page in an embedded frame (docs/behaviour/languages-and-routes.md#page-frame). */
  feedback: { fid: string; source: Record<string, unknown>; theme?: "dark" | "light" };
  /** Restart confirmation of a generation task (docs/behaviour/tasks-and-queue.md#restart-confirmation; docs/behaviour/calls-and-errors.md#messages: No/Yes). */
  restart: { onConfirm: () => void; onCancel?: () => void };
  /** Go-back confirmation (docs/behaviour/calls-and-errors.md#messages texts unless given). */
  goBack: { title?: string; message?: string; onConfirm: () => void; onCancel?: () => void };
  /** Image crop dialog (docs/behaviour/uploads.md#image-crop "Image crop"). */
  imageCrop: CropDialogData;
  /** Image preview: zoom, rotate, drag and group navigation (docs/behaviour/uploads.md#image-preview). */
  imagePreview: { images: PreviewImage[]; index: number };
  /** Progress (docs/behaviour/tasks-and-queue.md#progress): title, description, cancel callback; `done` jumps to 100. */
  progress: { title: string; description?: string; onCancel?: () => void; done?: boolean };
  /** Mobile video (docs/behaviour/tasks-and-queue.md#templates): videoLink, thumbnailLink, ratio, setTemplate callback. */
  mobileVideo: { videoLink: string; thumbnailLink?: string; ratio?: string; setTemplate?: () => void };
  /** A body given through the record's `component` slot. */
  custom: Record<string, unknown>;
}

export type ModalType = keyof ModalDataMap;

export type { CropResult };
