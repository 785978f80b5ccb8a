// The task-module catalogue as the app's screens read it, and the check of a task's data with the
// field it names (the form shows the rule under that field).
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkTaskData, taskModule, taskModules } from "./pkg.mjs";

test("the catalogue lists the modules with their fields and options", () => {
  const t2v = taskModule("text2video");
  assert.equal(t2v.output, "video");
  assert.deepEqual(t2v.duration.choices, [5, 10]);
  assert.ok(taskModules().some((m) => m.screens.includes("AiToolsObjectRemover") && m.code === "photomaker_imagefix"));
  assert.equal(taskModule("nope"), undefined);
});

test("the music page's modules name the list module and the presets they use", () => {
  const music = taskModules().filter((m) => m.screens.includes("TextToMusic"));
  assert.deepEqual(
    music.map((m) => [m.code, m.listModule, m.presets]),
    [
      ["mai_tcm", "txt2Music", "txt2Music"],
      ["mai_text2song_minimax", "txt2Song", "txt2Music"],
    ],
  );
  assert.equal(taskModule("text2image").listModule, null);
  assert.equal(taskModule("text2image").presets, null);
  // The anime styles are the catalogue's: video to anime offers them (and has its own presets).
  const anime = taskModule("video2anime");
  assert.deepEqual(
    anime.promptStyles.map((s) => s.id),
    ["classic", "watercolor", "retro", "cyberpunk", "chibi"],
  );
  assert.ok(anime.promptStyles.every((s) => s.name && s.words));
  assert.equal(anime.presets, "video2anime");
  assert.deepEqual(taskModule("text2image").promptStyles, []);
});

test("a refused field is named on the error, with its rule and its problem's kind", () => {
  assert.doesNotThrow(() => checkTaskData("text2image", { prompt: "a cat" }));
  let caught;
  try {
    checkTaskData("photomaker_imagefix", { file_path: "a.png" });
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof Error);
  assert.equal(caught.code, "invalid_task_input");
  assert.equal(caught.field, "mask_path");
  assert.equal(caught.rule, "Paint the area to change.");
  assert.deepEqual(caught.problem, { kind: "required", what: "mask" });
  assert.throws(
    () => checkTaskData("text2video", { prompt: "a cat", duration: 7 }),
    (e) => e.field === "duration" && e.problem.kind === "durationChoice" && e.problem.choices === "5, 10",
  );
  assert.throws(() => checkTaskData("text2image", []), (e) => e.field === "" && e.code === "invalid_task_input");
  assert.throws(() => checkTaskData("nope", {}), (e) => e.code === "unknown_module");
});
