/** Aspect ratios with their pixel sizes (docs/behaviour/uploads.md#aspect-ratios; core's aspectRatioOptions). */
import { aspectRatioOptions } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { ChipRadioGroup } from "./ChipRadioGroup";

const OPTIONS = aspectRatioOptions();

export function AspectRatioPicker({ value, onChange }: { value: string; onChange: (label: string) => void }) {
  const { t } = useTranslation("create");
  const chips = OPTIONS.map((o) => ({ key: o.label, text: t("ratio.option", { label: o.label, w: o.width, h: o.height }), testId: `ratio-${o.label}` }));
  return (
    <div className="create-field">
      <ChipRadioGroup id="ratio-label" label={t("ratio.label")} chips={chips} value={value} onChange={onChange} />
    </div>
  );
}

/** The first option (9:16) is the default. */
export const DEFAULT_RATIO = OPTIONS[0]?.label ?? "";
