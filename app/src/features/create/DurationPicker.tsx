/** The length of a video (the module's choices in core's catalogue: 5 or 10 s). */
import type { TaskDurationRule } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";

export function DurationPicker({ rule, value, onChange }: { rule: TaskDurationRule; value: number; onChange: (s: number) => void }) {
  const { t } = useTranslation("create");
  if (rule.choices.length === 0) {
    return (
      <div className="create-field">
        <label className="create-label" htmlFor="create-duration">
          {t("duration.label")}
        </label>
        <input
          id="create-duration"
          className="create-input"
          type="number"
          min={rule.min}
          max={rule.max}
          value={value}
          onChange={(e) => onChange(Math.round(Number(e.target.value) || rule.default))}
        />
      </div>
    );
  }
  return (
    <div className="create-field">
      <span className="create-label" id="duration-label">
        {t("duration.label")}
      </span>
      <div className="create-chips" role="radiogroup" aria-labelledby="duration-label">
        {rule.choices.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={value === s}
            className="create-chip"
            data-testid={`duration-${s}`}
            onClick={() => onChange(s)}
          >
            {t("duration.option", { s })}
          </button>
        ))}
      </div>
    </div>
  );
}
