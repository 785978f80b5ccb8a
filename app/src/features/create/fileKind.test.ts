import { describe, expect, it } from "vitest";
import { fileFits } from "./fileKind";

describe("fileFits", () => {
  it("takes JPEG, PNG and WebP pictures only", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) expect(fileFits("image", { type, name: "a" })).toBe(true);
    expect(fileFits("image", { type: "text/plain", name: "notes.txt" })).toBe(false);
    expect(fileFits("image", { type: "image/gif", name: "a.gif" })).toBe(false);
    expect(fileFits("image", { type: "video/mp4", name: "a.mp4" })).toBe(false);
  });
  it("goes by the extension when the browser gives no type", () => {
    expect(fileFits("image", { type: "", name: "Photo.JPG" })).toBe(true);
    expect(fileFits("image", { type: "", name: "notes.txt" })).toBe(false);
    expect(fileFits("image", { type: "", name: "noextension" })).toBe(false);
    expect(fileFits("video", { type: "", name: "clip.mov" })).toBe(true);
  });
  it("takes any audio type for audio and the listed video types for video", () => {
    expect(fileFits("audio", { type: "audio/flac", name: "a.flac" })).toBe(true);
    expect(fileFits("audio", { type: "image/png", name: "a.png" })).toBe(false);
    expect(fileFits("video", { type: "video/webm", name: "a.webm" })).toBe(true);
    expect(fileFits("video", { type: "video/x-msvideo", name: "a.avi" })).toBe(false);
  });
});
