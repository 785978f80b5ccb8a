/**
 * Metadata per language and route (spec 01 §1, §2): title, description, keywords from the `meta`
 * namespace, robots noindex/nofollow where core's `matchRoute` says so, the canonical link (core's
 * `canonicalUrl`: origin + /ai + path) and sharing metadata with the fixed 1200×630 image. Rendered with
 * React 19's native <title>/<meta>/<link>, which React hoists into <head>.
 */
import { canonicalUrl, languageByCode, shareImageSize } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { siteOrigin } from "../../env";
import { useAtomValue } from "../../state/jotai";
import { useRouteMatch } from "../frame/routeName";
import { languageAtom } from "../language/state";
import { metaEntry } from "./meta-key";
import { metaOverrideAtom } from "./state";

/** The sharing image (public/og-image.png) and its size, fixed by spec 01 §2 (core: 1200×630). */
export const SHARE_IMAGE = { path: "/og-image.png", ...shareImageSize() } as const;

export function PageMeta() {
  const { t } = useTranslation("meta");
  const { t: tCommon } = useTranslation();
  const match = useRouteMatch();
  const language = useAtomValue(languageAtom);
  const override = useAtomValue(metaOverrideAtom);
  const entry = metaEntry(match.name);
  const origin = siteOrigin();
  const { pathname: path } = useLocation();

  const title = override?.title ?? t(`${entry}.title`);
  const description = override?.description ?? t(`${entry}.description`);
  const keywords = override?.keywords ?? t(`${entry}.keywords`);
  const canonical = canonicalUrl(origin, path);
  const image = origin + SHARE_IMAGE.path;

  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords} />
      {match.noindex && <meta name="robots" content="noindex, nofollow" />}
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={tCommon("frameTitle")} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={languageByCode(language).tag.replace("-", "_")} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </>
  );
}
