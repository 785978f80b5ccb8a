/**
 * The home page: a hero with a prompt box leading into text to video, the grid of
 * every creation type and AI tool, a carousel of templates from the server, and explore highlights.
 * It is the LCP page: the hero (text only) is the first render and paints first; the grid, the
 * templates and highlights render a frame later (`useAfterFirstPaint`), and their pictures load lazily. The chatbot widget loads here only (docs/behaviour/languages-and-routes.md#page-frame).
 */
import { routePath } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { ChatbotWidget } from "../chatbot/ChatbotWidget";
import { languageAtom } from "../language/state";
import { CreationGrid } from "./CreationGrid";
import { ExploreHighlights } from "./ExploreHighlights";
import { HeroPrompt } from "./HeroPrompt";
import { TemplateCarousel } from "./TemplateCarousel";
import { useAfterFirstPaint } from "../frame/useAfterFirstPaint";
import "./home.css";

export default function HomePage() {
  const { t } = useTranslation("home");
  const language = useAtomValue(languageAtom);
  const painted = useAfterFirstPaint();
  return (
    <div className="home">
      <section className="hero">
        <h1 className="hero-title">{t("heroTitle")}</h1>
        <p className="hero-subtitle">{t("heroSubtitle")}</p>
        <HeroPrompt />
        <Link className="hero-secondary" to={routePath("Explore", {}, language)}>
          {t("ctaSecondary")}
        </Link>
      </section>
      {painted && (
        <>
          <CreationGrid />
          <TemplateCarousel />
          <ExploreHighlights />
          <ChatbotWidget />
        </>
      )}
    </div>
  );
}
