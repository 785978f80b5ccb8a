/**
 * Metadata per language and route (docs/behaviour/languages-and-routes.md#routes): title,
 * description, keywords from the `meta` namespace, robots noindex/nofollow where core's
 * `matchRoute` says so, the canonical link (core's `canonicalUrl`: origin + /ai + path) and sharing
 * metadata with the fixed 1200×630 image. Written into
 * <head> in place (head.ts) in a layout effect, so they are there before the page paints.
 */
import { canonicalUrl, languageByCode, shareImageSize } from "@aivg/core/rules";
import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { siteOrigin } from "../../env";
import { useAtomValue } from "../../state/jotai";
import { useRouteMatch } from "../frame/routeName";
import { languageAtom } from "../language/state";
import { setHeadTag } from "./head";
import { metaEntry } from "./meta-key";
import { metaOverrideAtom } from "./state";

/** The sharing image (public/og-image.png) and its size, fixed by docs/behaviour/languages-and-routes.md#page-frame (core: 1200×630). */
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

  const siteName = tCommon("frameTitle");
  const locale = languageByCode(language).tag.replace("-", "_");
  const noindex = match.noindex;

  useLayoutEffect(() => {
    document.title = title;
    const tags: [Parameters<typeof setHeadTag>[1], string | null][] = [
      [{ name: "description" }, description],
      [{ name: "keywords" }, keywords],
      [{ name: "robots" }, noindex ? "noindex, nofollow" : null],
      [{ rel: "canonical" }, canonical],
      [{ property: "og:type" }, "website"],
      [{ property: "og:site_name" }, siteName],
      [{ property: "og:title" }, title],
      [{ property: "og:description" }, description],
      [{ property: "og:url" }, canonical],
      [{ property: "og:locale" }, locale],
      [{ property: "og:image" }, image],
      [{ property: "og:image:width" }, String(SHARE_IMAGE.width)],
      [{ property: "og:image:height" }, String(SHARE_IMAGE.height)],
      [{ name: "twitter:card" }, "summary_large_image"],
      [{ name: "twitter:title" }, title],
      [{ name: "twitter:description" }, description],
      [{ name: "twitter:image" }, image],
    ];
    for (const [tag, value] of tags) setHeadTag(document, tag, value);
  }, [title, description, keywords, noindex, canonical, siteName, locale, image]);

  return null;
}
