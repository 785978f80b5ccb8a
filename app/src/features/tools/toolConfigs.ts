/**
 * The AI tool pages: presentation only. Which task modules a tool page runs,
 * what each asks (picture or video, mask, text, audio, voice) and what it costs are the rows of
 * core's catalogue whose `screens` name the page's route (see `toolModes`); here are only the
 * translation keys of each page and of its modes.
 */
import type { RouteName } from "@aivg/core/rules";
import { screenModules, type ModuleForm } from "../create/catalogue";

export type ToolRoute =
  | "AiToolsVideoEnhancer"
  | "AiToolsImageEnhancer"
  | "AiToolsBgRemover"
  | "AiToolsObjectRemover"
  | "AiToolsPartialRedrawing"
  | "LipSync"
  | "AiToolsVideoEraser"
  | "AiToolsAudioTools";

export type ToolKey = "videoEnhancer" | "imageEnhancer" | "bgRemover" | "objectRemover" | "partialRedrawing" | "talkingAvatar" | "videoEraser" | "audioTools";

/** The mode labels of pages with several modules (tools.<key>.<mode>). */
export type ModeKey = "watermark" | "text" | "audio" | "speech" | "translate" | "denoise" | "vocalRemover";

export interface ToolConfig {
  /** Key of the tool's texts in the tools namespace. */
  key: ToolKey;
  /** The tool's icon on the AI tools list (features/icons; the home page's grid uses the same ones). */
  icon: string;
}

export const TOOLS: Record<ToolRoute, ToolConfig> = {
  AiToolsVideoEnhancer: { key: "videoEnhancer", icon: "sparkle" },
  AiToolsImageEnhancer: { key: "imageEnhancer", icon: "sparkle" },
  AiToolsBgRemover: { key: "bgRemover", icon: "image" },
  AiToolsObjectRemover: { key: "objectRemover", icon: "tools" },
  AiToolsPartialRedrawing: { key: "partialRedrawing", icon: "tools" },
  LipSync: { key: "talkingAvatar", icon: "avatar" },
  AiToolsVideoEraser: { key: "videoEraser", icon: "video" },
  AiToolsAudioTools: { key: "audioTools", icon: "music" },
};

/**
 * The label of a mode: the video eraser's modules by what they remove (the catalogue's module
 * titles), the talking avatar's by what the user gives (an audio file or the words to speak).
 */
const MODE_KEYS: Record<string, ModeKey> = {
  tool_vrw: "watermark",
  tool_trw: "text",
  talking_face: "audio",
  talking_face_tts: "speech",
  video_translate: "translate",
  audio_denoise: "denoise",
  vocal_remover: "vocalRemover",
};

export interface ToolMode {
  /** Null for a page with one module. */
  key: ModeKey | null;
  form: ModuleForm;
}

/** The modules a tool page runs (the catalogue's rows for its route), each with its label. */
export function toolModes(route: ToolRoute): ToolMode[] {
  const forms = screenModules(route);
  return forms.map((form) => ({ key: forms.length > 1 ? (MODE_KEYS[form.code] ?? null) : null, form }));
}

export const TOOL_ROUTES = Object.keys(TOOLS) as ToolRoute[];

export function isToolRoute(name: RouteName | string): name is ToolRoute {
  return name in TOOLS;
}
