import { describe, expect, it } from "vitest";
import { asksHowToUse, takesPrompt, TEMPLATE_USES, templateUse } from "./templateChoice";

describe("the audio edit choice of a music template", () => {
  it("asks only when the user's own prompt would be replaced", () => {
    expect(asksHowToUse("", "calm piano")).toBe(false);
    expect(asksHowToUse("   ", "calm piano")).toBe(false);
    expect(asksHowToUse(" calm piano ", "calm piano")).toBe(false);
    expect(asksHowToUse("my own song idea", "")).toBe(false);
    expect(asksHowToUse("my own song idea", "calm piano")).toBe(true);
  });

  it("offers the template's whole settings first (docs/behaviour/tasks-and-queue.md#templates: the first option is the default)", () => {
    expect(TEMPLATE_USES[0]).toBe("all");
    expect(takesPrompt("all")).toBe(true);
    expect(takesPrompt("keepPrompt")).toBe(false);
    expect(templateUse("keepPrompt")).toBe("keepPrompt");
    expect(templateUse("unknown")).toBe("all");
  });
});
