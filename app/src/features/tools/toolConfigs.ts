/**
 * The AI tool pages (issue 8 item 4). The algorithm is the route's metadata type where core's
 * route table gives one (spec 01 §2: bg-remover mai_fs, object-remover photomaker_imagefix,
 * partial-redrawing inpaint_clothes); the others use the task modules of spec 02 §3 named for
 * them (mai_vqe video enhancer, mai_imagesharpen image enhancer, talking_face_tts talking avatar).
 * The video eraser's metadata type "anieraser" is not a task module of spec 02 §3; its two
 * modes run tool_vrw (watermark) and tool_trw (text).
 */
import type { RouteName } from "@aivg/core";

export type ToolRoute =
  | "AiToolsVideoEnhancer"
  | "AiToolsImageEnhancer"
  | "AiToolsBgRemover"
  | "AiToolsObjectRemover"
  | "AiToolsPartialRedrawing"
  | "LipSync"
  | "AiToolsVideoEraser";

export interface ToolConfig {
  /** Key of the tool's texts in the tools namespace. */
  key: "videoEnhancer" | "imageEnhancer" | "bgRemover" | "objectRemover" | "partialRedrawing" | "talkingAvatar" | "videoEraser";
  algorithm: string;
  media: "image" | "video";
  /** Paint the area to change. */
  mask?: boolean;
  /** A text field: the prompt (redrawing) or the words to speak (talking avatar). */
  text?: "prompt" | "speech";
  /** TTS voice picker. */
  voices?: boolean;
  /** Modes with their own algorithm. */
  modes?: { key: "watermark" | "text"; algorithm: string }[];
}

export const TOOLS: Record<ToolRoute, ToolConfig> = {
  AiToolsVideoEnhancer: { key: "videoEnhancer", algorithm: "mai_vqe", media: "video" },
  AiToolsImageEnhancer: { key: "imageEnhancer", algorithm: "mai_imagesharpen", media: "image" },
  AiToolsBgRemover: { key: "bgRemover", algorithm: "mai_fs", media: "image" },
  AiToolsObjectRemover: { key: "objectRemover", algorithm: "photomaker_imagefix", media: "image", mask: true },
  AiToolsPartialRedrawing: { key: "partialRedrawing", algorithm: "inpaint_clothes", media: "image", mask: true, text: "prompt" },
  LipSync: { key: "talkingAvatar", algorithm: "talking_face_tts", media: "image", text: "speech", voices: true },
  AiToolsVideoEraser: {
    key: "videoEraser",
    algorithm: "tool_vrw",
    media: "video",
    modes: [
      { key: "watermark", algorithm: "tool_vrw" },
      { key: "text", algorithm: "tool_trw" },
    ],
  },
};

export const TOOL_ROUTES = Object.keys(TOOLS) as ToolRoute[];

export function isToolRoute(name: RouteName | string): name is ToolRoute {
  return name in TOOLS;
}
