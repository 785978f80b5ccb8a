/**
 * The benefits list of a membership card (docs/behaviour/pricing-and-purchase.md#plans-and-tiers
 * listed features) with a tick when the SKU's feature_code_list carries the feature. Feature codes
 * are the server's names.
 */
import type { Sku } from "@aivg/core/rules";

export const BENEFITS = ["watermark_free", "ultra_hd", "frame_interpolation", "unlimited_effect"] as const;
export type Benefit = (typeof BENEFITS)[number];

export function skuBenefits(sku: Sku): Array<{ benefit: Benefit; included: boolean }> {
  const codes = new Set((sku.feature_code_list ?? []).map((f) => f.feature_code ?? ""));
  return BENEFITS.map((benefit) => ({ benefit, included: codes.has(benefit) }));
}
