/**
 * Which body each generic modal type renders (a record's `component` overrides it). The small
 * confirmations load with the app; the crop dialog, the image preview and the list modals load
 * on first use, so they cost nothing until a page opens one.
 */
import { lazy, type ComponentType } from "react";
import type { ModalRecord } from "../modalStack";
import type { ModalType } from "../modalTypes";
import { ProgressModal } from "../progress/ProgressModal";
import { AutoClipGoBackModal, ConfirmModal, ConsumptionModal, GoBackModal, RestartModal } from "./ConfirmModals";
import { AudioEditChoiceModal, DriveSpaceModal, EffectDetailTipModal, MobileVideoModal } from "./NoticeModals";

const ImageCropModal = lazy(() => import("../crop/ImageCropModal").then((m) => ({ default: m.ImageCropModal })));
const ImagePreviewModal = lazy(() => import("../preview/ImagePreviewModal").then((m) => ({ default: m.ImagePreviewModal })));
const TemplateListModal = lazy(() => import("./TemplateListModal").then((m) => ({ default: m.TemplateListModal })));
const FeedbackModal = lazy(() => import("./FeedbackModal").then((m) => ({ default: m.FeedbackModal })));

type Bodies = { [T in ModalType]: ComponentType<{ record: ModalRecord<T>; close: () => void }> };

function MissingCustomBody(): null {
  // A "custom" record without a component is a programming error of its caller.
  throw new Error("a custom modal needs a component");
}

export const modalBodies = {
  effectDetailTip: EffectDetailTipModal,
  audioEditChoice: AudioEditChoiceModal,
  autoClipGoBack: AutoClipGoBackModal,
  consumption: ConsumptionModal,
  confirm: ConfirmModal,
  restart: RestartModal,
  templateList: TemplateListModal,
  driveSpace: DriveSpaceModal,
  feedback: FeedbackModal,
  goBack: GoBackModal,
  imageCrop: ImageCropModal,
  imagePreview: ImagePreviewModal,
  progress: ProgressModal,
  mobileVideo: MobileVideoModal,
  custom: MissingCustomBody,
} satisfies Bodies;
