/**
 * The looks a module's tasks pick from (core's catalogue `promptStyles`: the anime styles of video to
 * anime). Each shows its translated name and the words it adds to the prompt; the chosen id goes
 * with the task as `data.prompt_style`, and core puts its words before the prompt for every engine.
 */
import type { TaskPromptStyle } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { ChipRadioGroup } from "./ChipRadioGroup";

export function PromptStylePicker({ styles, value, onChange }: { styles: readonly TaskPromptStyle[]; value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation("create");
  const chips = styles.map((s) => ({
    key: s.id,
    text: t(`promptStyle.name.${s.id}` as never, { defaultValue: s.name }) as string,
    testId: `prompt-style-${s.id}`,
    title: s.words,
  }));
  return (
    <div className="create-field">
      <ChipRadioGroup id="prompt-style-label" label={t("promptStyle.label")} chips={chips} value={value} onChange={onChange} />
      <p className="create-note" data-testid="prompt-style-words">
        {styles.find((s) => s.id === value)?.words ?? ""}
      </p>
    </div>
  );
}
