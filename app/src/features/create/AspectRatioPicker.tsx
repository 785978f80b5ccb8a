/** Aspect ratios with their pixel sizes (docs/behaviour/uploads.md#aspect-ratios; core's aspectRatioOptions). */
import { aspectRatioOptions } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";

const OPTIONS = aspectRatioOptions();

export function AspectRatioPicker({ value, onChange }: { value: string; onChange: (label: string) => void }) {
  const { t } = useTranslation("create");
  return (
    <div className="create-field">
      <span className="create-label" id="ratio-label">
        {t("ratio.label")}
      </span>
      <div className="create-chips" role="radiogroup" aria-labelledby="ratio-label">
        {OPTIONS.map((o) => (
          <button
            key={o.label}
            type="button"
            role="radio"
            aria-checked={value === o.label}
            className="create-chip"
            data-testid={`ratio-${o.label}`}
            onClick={() => onChange(o.label)}
          >
            {t("ratio.option", { label: o.label, w: o.width, h: o.height })}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The first option (9:16) is the default. */
export const DEFAULT_RATIO = OPTIONS[0]?.label ?? "";
