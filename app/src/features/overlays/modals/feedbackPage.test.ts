import { describe, expect, it } from "vitest";
import { feedbackUrl, readFeedbackMessage } from "./feedbackPage";

describe("feedback page (docs/behaviour/calls-and-errors.md#request-rules: query fid, lang, embed, theme and a source JSON)", () => {
  it("puts fid, lang, embed, theme and the source JSON in the query, keeping the page's own", () => {
    const source = { token: "t", uid: "u1", user_type: "free", app_id: 5903, device_id: "d", app_version: "1.0" };
    const url = new URL(feedbackUrl("/feedback?form=web", { fid: "5903", source, theme: "light" }, "de", "https://site.example/home"));
    expect(url.origin + url.pathname).toBe("https://site.example/feedback");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      form: "web",
      fid: "5903",
      lang: "de",
      embed: "1",
      theme: "light",
      source: JSON.stringify(source),
    });
    expect(new URL(feedbackUrl("https://fb.example/p", { fid: "1", source: {} }, "en", "https://site.example/")).searchParams.get("theme")).toBe("dark");
  });

  it("reads success and close from the page's origin only", () => {
    const page = "https://fb.example";
    expect(readFeedbackMessage(page, { action: "feedback-success" }, page)).toBe("success");
    expect(readFeedbackMessage(page, { action: "close", data: {} }, page)).toBe("close");
    expect(readFeedbackMessage("https://evil.example", { action: "feedback-success" }, page)).toBeNull();
    expect(readFeedbackMessage(page, { action: "other" }, page)).toBeNull();
    expect(readFeedbackMessage(page, "feedback-success", page)).toBeNull();
    expect(readFeedbackMessage(page, null, page)).toBeNull();
  });
});
