/**
 * The open buy dialog (docs/behaviour/pricing-and-purchase.md#purchase-popup): the pricing-V3 popup
 * when the V3 flag is on, else the legacy mobile/desktop dialog. Flag decision: on unless
 * VITE_PRICING_V3 is "0" or local storage `aivg.pricing-v3` is "0" (a per-browser switch for QA).
 * Layout decision: plan B when the pricing plan (experiment `pricing_plan`) is 2, plan C otherwise.
 * Loaded by BuyDialogHost when the dialog first opens, so the dialogs, their carousel and tabs stay
 * out of a page's first load.
 */
import { envText } from "../../env";
import { useExperiment } from "../experiments/useExperiment";
import { readRaw } from "../session/storage";
import { BuyDialogV3 } from "./BuyDialogV3";
import { LegacyBuyDialog } from "./LegacyBuyDialog";
import { useBuyFlow } from "./useBuyFlow";

export function pricingV3Enabled(): boolean {
  return envText("VITE_PRICING_V3") !== "0" && readRaw("local", "aivg.pricing-v3") !== "0";
}

export default function OpenBuyDialog() {
  const flow = useBuyFlow();
  const plan = useExperiment("pricing_plan");
  return pricingV3Enabled() ? <BuyDialogV3 flow={flow} layout={plan === 2 ? "B" : "C"} /> : <LegacyBuyDialog flow={flow} />;
}
