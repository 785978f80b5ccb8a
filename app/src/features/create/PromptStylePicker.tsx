/**
 * The looks a module's tasks pick from (core's catalogue `promptStyles`: the anime styles of video to
 * anime). Each shows its translated name and the words it adds to the prompt; the chosen id goes
 * with the task as `data.prompt_style`, and core puts its words before the prompt for every engine.
 */
import type { TaskPromptStyle } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";

export function PromptStylePicker({ styles, value, onChange }: { styles: readonly TaskPromptStyle[]; value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation("create");
  return (
    <div className="create-field">
      <span className="create-label" id="prompt-style-label">
        {t("promptStyle.label")}
      </span>
      <div className="create-chips" role="radiogroup" aria-labelledby="prompt-style-label">
        {styles.map((s) => (
          <button
            key={s.id}
            type="button"
            role="radio"
            aria-checked={value === s.id}
            className="create-chip"
            data-testid={`prompt-style-${s.id}`}
            title={s.words}
            onClick={() => onChange(s.id)}
          >
            {t(`promptStyle.name.${s.id}` as never, { defaultValue: s.name }) as string}
          </button>
        ))}
      </div>
      <p className="create-note" data-testid="prompt-style-words">
        {styles.find((s) => s.id === value)?.words ?? ""}
      </p>
    </div>
  );
}
