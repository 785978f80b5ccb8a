/** The meta.json entry of a route name; the server-redirect placeholders share one entry. */
import type { RouteName } from "@aivg/core/rules";

export type MetaEntry = Exclude<RouteName, "Index" | "Create" | "Pricing" | `red${1 | 2}-${string}`> | "Redirect";

export function metaEntry(name: RouteName): MetaEntry {
  if (name.startsWith("red1-") || name.startsWith("red2-")) return "Redirect";
  if (name === "Index" || name === "Create" || name === "Pricing") return "Home";
  return name as MetaEntry;
}
