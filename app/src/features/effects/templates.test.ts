import { describe, expect, it } from "vitest";
import { effectTipKind, readTemplate, readTemplatePage } from "./templates";

describe("readTemplate", () => {
  it("reads an audio template's preview and the settings it fills in", () => {
    const t = readTemplate({
      tpl_id: 2001,
      name: "Epic Trailer",
      description: "Drums and brass building up.",
      media: "audio",
      thumbnail_link: "https://x.test/static/seed/style-1.svg",
      preview_url: "https://x.test/static/seed/tpl-2001-preview.wav",
      info: { algorithm: "mai_tcm", module: "txt2Music", prompt: "an epic orchestral trailer", style: "Cinematic", duration: 60 },
    });
    expect(t).toMatchObject({
      id: 2001,
      media: "audio",
      description: "Drums and brass building up.",
      previewUrl: "https://x.test/static/seed/tpl-2001-preview.wav",
      audio: { prompt: "an epic orchestral trailer", style: "Cinematic", duration: 60 },
      ratioBounds: null,
    });
  });

  it("reads the two-image ratio bounds, and nothing audio of a video template", () => {
    const t = readTemplate({ tpl_id: "1013", name: "AI Hug", media: "video", info: { ratio_lower: 0.5, ratio_upper: "2" } });
    expect(t?.ratioBounds).toEqual([0.5, 2]);
    expect(t?.audio).toBeNull();
    expect(t?.description).toBe("");
  });

  it("skips list entries without an id and keeps the server's total", () => {
    const page = readTemplatePage({ list: [{ name: "no id" }, { tpl_id: 7, name: "ok" }], paginate: { total: 40 } });
    expect(page.templates.map((t) => t.id)).toEqual([7]);
    expect(page.total).toBe(40);
  });
});

describe("effectTipKind (which 'how it works' text the effect detail tip shows)", () => {
  const field = (type: "image" | "text") => ({ field: type, type, required: true, label: type });
  it("tells picture effects, two-person videos and one-photo videos apart", () => {
    expect(effectTipKind({ media: "image", request: [field("image"), field("text")] })).toBe("image");
    expect(effectTipKind({ media: "video", request: [field("image"), field("image")] })).toBe("duo");
    expect(effectTipKind({ media: "video", request: [field("image")] })).toBe("video");
    expect(effectTipKind({ media: "video", request: [] })).toBe("video");
  });
});
