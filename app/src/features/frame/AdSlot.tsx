/**
 * An advertisement banner slot of the header. The ads feature
 * (docs/behaviour/ads-and-experiments.md#ads) decides what shows; until it exists the slot is an
 * empty, labelled container that takes no space.
 */
import type { AdModule } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";

export function AdSlot({ module }: { module: AdModule }) {
  const { t } = useTranslation();
  return <div className="ad-slot" data-ad-module={module} aria-label={t("adSlot")} role="complementary" />;
}
