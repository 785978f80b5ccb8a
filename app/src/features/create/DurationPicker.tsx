/**
 * The length of a task, offering only what the module makes (core's catalogue): its choices as
 * chips (video: 5 or 10 s), or else a slider over its range in whole seconds (music and songs: 1
 * to 240 s), with the chosen length beside the label. A slider rather than a number field, so no
 * length outside the range can be typed.
 */
import type { TaskDurationRule } from "@aivg/core/rules";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";

export function DurationPicker({ rule, value, onChange }: { rule: TaskDurationRule; value: number; onChange: (s: number) => void }) {
  const { t } = useTranslation("create");
  if (rule.choices.length === 0) {
    return (
      <div className="create-field">
        <div className="create-duration__head">
          <label className="create-label" htmlFor="create-duration">
            {t("duration.label")}
          </label>
          <output htmlFor="create-duration" data-testid="duration-value">
            {t("duration.option", { s: value })}
          </output>
        </div>
        <input
          id="create-duration"
          className="create-range"
          type="range"
          min={rule.min}
          max={rule.max}
          step={1}
          value={value}
          aria-valuetext={t("duration.option", { s: value })}
          style={{ "--fill": `${(100 * (value - rule.min)) / Math.max(1, rule.max - rule.min)}%` } as CSSProperties}
          data-testid="duration"
          onChange={(e) => onChange(Math.round(Number(e.currentTarget.value)))}
        />
        <div className="create-duration__ends" aria-hidden="true">
          <span>{t("duration.option", { s: rule.min })}</span>
          <span>{t("duration.option", { s: rule.max })}</span>
        </div>
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
