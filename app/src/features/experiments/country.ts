/**
 * The visitor's country (docs/behaviour/pricing-and-purchase.md#markets-and-batches country-by-IP
 * lookup; failure gives an empty country, #markets-and-batches) and the pricing batch core derives
 * from it (batch 1 for check-in countries, else 2).
 */
import { request } from "@aivg/core/rules";
import { pricingBatch } from "@aivg/core/later";

let country: Promise<string> | null = null;

export function visitorCountry(): Promise<string> {
  country ??= request({ method: "GET", path: "/v1/common/country" })
    .then((data) => {
      const value = (data as { country?: unknown } | null)?.country;
      return typeof value === "string" ? value : "";
    })
    .catch((error: unknown) => {
      console.warn("country lookup failed", error);
      return "";
    });
  return country;
}

export async function visitorBatch(): Promise<number> {
  return pricingBatch(await visitorCountry());
}
