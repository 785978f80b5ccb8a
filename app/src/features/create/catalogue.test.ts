import { describe, expect, it } from "vitest";
import { musicForm } from "../music/MusicPage";
import { toolModes } from "../tools/toolConfigs";
import { checkFields, isMissing, moduleForm, screenModules } from "./catalogue";
import { createScreenForm } from "./CreatePage";

describe("screens read what they ask from core's catalogue", () => {
  it("creation screens: fields, ratio, lengths, output and price of their module", () => {
    const t2v = createScreenForm("TextToVideo", undefined);
    expect(t2v).toMatchObject({ code: "text2video", output: "video", ratio: true, media: null, prompt: { required: true, kind: "prompt" } });
    expect(t2v.duration?.choices).toEqual([5, 10]);
    expect(t2v.credits).toBeGreaterThan(0);
    expect(createScreenForm("ImageToVideo", undefined)).toMatchObject({
      code: "image2video",
      media: { kind: "image", required: true },
      prompt: { required: false },
      ratio: false,
    });
    expect(createScreenForm("VideoToVideo", undefined)).toMatchObject({ code: "video2anime", media: { kind: "video" } });
    expect(createScreenForm("TextToImage", undefined)).toMatchObject({ code: "text2image", output: "image", duration: null, ratio: true });
    // A route the catalogue does not name falls back to the route's type.
    expect(createScreenForm("Nowhere", "image2image").code).toBe("image2image");
    expect(createScreenForm("Nowhere", undefined).code).toBe("text2image");
  });

  it("tool pages: mask tools, modes and their fields", () => {
    const [remover] = toolModes("AiToolsObjectRemover");
    expect(remover).toMatchObject({ key: null, form: { code: "photomaker_imagefix", mask: true, media: { kind: "image" }, prompt: null } });
    expect(toolModes("AiToolsPartialRedrawing")[0]?.form).toMatchObject({ mask: true, prompt: { required: false } });
    const avatar = toolModes("LipSync");
    expect(avatar.map((m) => [m.key, m.form.code, m.form.audio, m.form.voice, m.form.prompt?.kind ?? null])).toEqual([
      ["audio", "talking_face", true, false, null],
      ["speech", "talking_face_tts", false, true, "speech"],
    ]);
    const eraser = toolModes("AiToolsVideoEraser");
    expect(eraser.map((m) => m.key)).toEqual(["watermark", "text"]);
    expect(eraser.every((m) => m.form.mask && m.form.media?.kind === "video" && m.form.output === "video")).toBe(true);
    expect(toolModes("AiToolsBgRemover")[0]?.form).toMatchObject({ code: "mai_fs", mask: false, output: "image" });
  });

  it("the music page: the song is the module with lyrics", () => {
    expect(musicForm("music")).toMatchObject({ code: "mai_tcm", lyrics: null, style: true, output: "audio", prompt: { kind: "musicPrompt" } });
    expect(musicForm("song")).toMatchObject({ code: "mai_text2song_minimax", lyrics: { required: true } });
    // The tasks are filed under the API's codes, and both tabs offer the music styles.
    expect([musicForm("music").listModule, musicForm("song").listModule]).toEqual(["txt2Music", "txt2Song"]);
    expect([musicForm("music").presets, musicForm("song").presets]).toEqual(["txt2Music", "txt2Music"]);
    expect(moduleForm("text2image")).toMatchObject({ listModule: "text2image", presets: null });
    expect(screenModules("TextToMusic")).toHaveLength(2);
  });

  it("the check is the server's rule, naming the field", () => {
    expect(checkFields("text2image", { prompt: "a cat" })).toBeNull();
    const empty = checkFields("text2image", {});
    expect(empty?.field).toBe("prompt");
    expect(isMissing(empty)).toBe(true);
    const mask = checkFields("photomaker_imagefix", { file_path: "a.png" });
    expect(mask?.field).toBe("mask_path");
    expect(isMissing(mask)).toBe(true);
    const length = checkFields("text2video", { prompt: "a cat", duration: 7 });
    expect(length).toMatchObject({ field: "duration" });
    expect(isMissing(length)).toBe(false);
    expect(length?.rule).toBe("Choose one of these lengths: 5, 10 seconds.");
    expect(length).toMatchObject({ kind: "durationChoice", values: { choices: "5, 10" } });
    expect(checkFields("text2image", { prompt: "a cat", duration: 0 })).toMatchObject({ kind: "durationRange", values: { min: 1, max: 240 } });
    expect(checkFields("image2video", { prompt: "a cat" })).toMatchObject({ field: "file_path", kind: "required", values: { what: "image" } });
    expect(checkFields("txt2Music", { prompt: "short" })?.field).toBe("prompt");
    expect(() => moduleForm("nope")).toThrow(/not a task module/);
  });
});
