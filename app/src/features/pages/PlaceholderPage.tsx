/**
 * The page of a route whose screen a later issue builds: its translated title and a short note, so
 * navigation, metadata and the frame can be used and tested now.
 */
import type { RouteMatch } from "@aivg/core";
import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import { metaEntry } from "../meta/meta-key";
import "./pages.css";

export default function PlaceholderPage() {
  const match = useLoaderData<RouteMatch>();
  const { t } = useTranslation("meta");
  const { t: tPage } = useTranslation("page");
  return (
    <section className="placeholder-page" data-route={match.name}>
      <h1>{t(`${metaEntry(match.name)}.title`)}</h1>
      <p>{tPage("comingSoon")}</p>
    </section>
  );
}
