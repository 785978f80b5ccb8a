/**
 * The form's refusals are shown translated by their kind, filled with core's numbers
 * (docs/behaviour/calls-and-errors.md#messages), from core's real check.
 */
import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/setup";
import { loadAllMessages } from "../../test/render-app";
import { checkFields } from "./catalogue";
import { FieldMessage } from "./FieldMessage";

function shown(code: string, data: Record<string, unknown>, name: string, kind: "other" | "image" = "other"): string | null {
  const problem = checkFields(code, data);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <FieldMessage problem={problem} name={name} kind={kind} />
    </I18nextProvider>,
  );
  const text = view.container.textContent;
  view.unmount();
  return text;
}

describe("FieldMessage", () => {
  beforeAll(loadAllMessages);

  it("translates core's problems, with their numbers, in every language", async () => {
    await i18n.changeLanguage("de");
    expect(shown("txt2Music", { prompt: "ruhiger Beat mit Regen", duration: 999 }, "duration")).toBe("Wähle eine Länge von 1 bis 240 Sekunden.");
    expect(shown("text2video", { prompt: "a cat", duration: 7 }, "duration")).toBe("Wähle eine dieser Längen: 5, 10 Sekunden.");
    await i18n.changeLanguage("jp");
    expect(shown("text2image", { prompt: "x".repeat(5000) }, "prompt")).toMatch(/^テキストが長すぎます。\d+文字以内にしてください。$/);
    expect(shown("image2video", { prompt: "a cat" }, "file_path", "image")).toBe("画像をアップロードしてください。");
    await i18n.changeLanguage("en");
    expect(shown("text2image", { prompt: "a cat", aspect_ratio: "7:5" }, "aspect_ratio")).toBe("Choose one of the aspect ratios offered.");
  });
});
