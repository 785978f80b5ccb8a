/**
 * What a creation screen, tool page or the music page asks for, read from core's task-module
 * catalogue (docs/behaviour/tasks-and-queue.md#task-modules; `taskModules()`, the same rows the
 * server checks tasks against). The screens keep only presentation (translation keys, layout);
 * fields, options, output media and price all come from here, and `checkFields` runs the server's
 * own check before anything is sent.
 */
import {
  checkTaskData,
  taskModule,
  taskModules,
  type TaskDurationRule,
  type TaskField,
  type TaskFieldKind,
  type TaskMedia,
  type TaskModule,
  type TaskPromptStyle,
} from "@aivg/core/rules";

/** A text field of a screen (what to make, the music description, lyrics or the words to speak). */
export interface TextField {
  name: string;
  kind: TaskFieldKind;
  required: boolean;
}

/** The form of one task module. */
export interface ModuleForm {
  code: string;
  /** The code a task of this form is filed under (the request's `module`, the task list's label). */
  listModule: string;
  /** The module code whose prompt presets (the music styles) the screen offers, if any. */
  presets: string | null;
  credits: number;
  /** What the task makes: picks the consumption confirmation's text and the result element. */
  output: TaskMedia;
  /** The `prompt` field (what to make, the music description or the words to speak). */
  prompt: TextField | null;
  lyrics: TextField | null;
  /** The uploaded picture, video or audio file (`file_path`). */
  media: { kind: "image" | "video" | "audio"; required: boolean } | null;
  /** A painted mask (`mask_path`) over the picture, or over the video's first frame. */
  mask: boolean;
  /** An uploaded audio file (`audio_path`). */
  audio: boolean;
  ratio: boolean;
  duration: TaskDurationRule | null;
  style: boolean;
  voice: boolean;
  /** The looks a task picks from (`data.prompt_style`; the first is the default): the anime styles. */
  promptStyles: readonly TaskPromptStyle[];
}

const TEXT_KINDS: readonly TaskFieldKind[] = ["prompt", "musicPrompt", "lyrics", "speech"];

function textField(f: TaskField | undefined): TextField | null {
  return f && TEXT_KINDS.includes(f.kind) ? { name: f.name, kind: f.kind, required: f.need !== "optional" } : null;
}

/** The form of a module row. */
export function formOf(m: TaskModule): ModuleForm {
  const field = (name: string) => m.fields.find((f) => f.name === name);
  const file = field("file_path");
  return {
    code: m.code,
    listModule: m.listModule ?? m.code,
    presets: m.presets,
    credits: m.credits,
    output: m.output,
    prompt: textField(field("prompt")),
    lyrics: textField(field("lyrics")),
    media: file && (file.kind === "image" || file.kind === "video" || file.kind === "audio") ? { kind: file.kind, required: file.need === "required" } : null,
    mask: field("mask_path") !== undefined,
    audio: field("audio_path") !== undefined,
    ratio: m.aspectRatio,
    duration: m.duration,
    style: m.style,
    voice: m.voice,
    promptStyles: m.promptStyles,
  };
}

/** The form of a module code; throws for a code the catalogue does not have. */
export function moduleForm(code: string): ModuleForm {
  const m = taskModule(code);
  if (!m) throw new Error(`${code} is not a task module`);
  return formOf(m);
}

/** The catalogue's first row (text to image): the form of a creation route that names no module. */
export function firstModuleForm(): ModuleForm {
  const [first] = taskModules();
  if (!first) throw new Error("the task-module catalogue is empty");
  return formOf(first);
}

/** The modules whose tasks a screen (route name, docs/behaviour/languages-and-routes.md#routes) creates, in the catalogue's order. */
export function screenModules(route: string): ModuleForm[] {
  return taskModules()
    .filter((m) => m.screens.includes(route))
    .map(formOf);
}

/** The lengths a module offers: its choices, else none (the screen then takes a number). */
export function durationChoices(form: ModuleForm): number[] {
  return form.duration?.choices ?? [];
}

/**
 * A field core's check refused: its name in `data` ("" for `data` itself), core's English
 * sentence, and the problem's stable kind with its numbers (core's `InputProblem`:
 * `durationRange` with `min` and `max`), which the form shows translated
 * (docs/behaviour/calls-and-errors.md#messages).
 */
export interface FieldProblem {
  field: string;
  rule: string;
  kind: string;
  values: Record<string, string | number>;
}

/** Core's problem object (`{kind, ...numbers}`) as kind and values; "" when there is none. */
function problemOf(raw: unknown): Pick<FieldProblem, "kind" | "values"> {
  if (typeof raw !== "object" || raw === null) return { kind: "", values: {} };
  const values: Record<string, string | number> = {};
  let kind = "";
  for (const [key, value] of Object.entries(raw)) {
    if (key === "kind") kind = typeof value === "string" ? value : "";
    else if (typeof value === "string" || typeof value === "number") values[key] = value;
  }
  return { kind, values };
}

/** Core's check of a task's `data` (the server's rule); null when it passes. */
export function checkFields(code: string, data: Record<string, unknown>): FieldProblem | null {
  try {
    checkTaskData(code, data);
    return null;
  } catch (e) {
    const err = e as { field?: unknown; rule?: unknown; message?: unknown; problem?: unknown };
    return {
      field: typeof err.field === "string" ? err.field : "",
      rule: typeof err.rule === "string" ? err.rule : String(err.message ?? e),
      ...problemOf(err.problem),
    };
  }
}

/** Whether the problem is a field the user has not filled yet (core's `required` and `requiredOneOf`). */
export function isMissing(problem: FieldProblem | null): boolean {
  return problem !== null && (problem.kind === "required" || problem.kind === "requiredOneOf");
}

/**
 * The sensitive-content detector of an uploaded file's kind
 * (docs/behaviour/tasks-and-queue.md#task-inputs `{v,i}_sensitive_detect`); the spec has none for
 * audio, so audio files go unchecked.
 */
export function detectorOf(kind: "image" | "video" | "audio" | undefined): "i" | "v" | undefined {
  return kind === "video" ? "v" : kind === "image" ? "i" : undefined;
}
