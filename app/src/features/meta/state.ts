/**
 * Title/description/keywords that replace the translated route metadata for the current page (the CMS
 * flow's "apply tdk", docs/behaviour/languages-and-routes.md#page-content). Whoever sets it clears
 * it on the next route change.
 */
import { atom } from "../../state/jotai";

export interface MetaOverride {
  title?: string;
  description?: string;
  keywords?: string;
}

export const metaOverrideAtom = atom<MetaOverride | null>(null);
