/**
 * The home page: a hero with the main calls to action, the creation features grouped as in the menu,
 * and the AI tools. The chatbot widget loads here only (spec 01 §2).
 */
import { routePath, type RouteName } from "@aivg/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChatbotWidget } from "../chatbot/ChatbotWidget";
import { languageAtom } from "../language/state";
import { useAtomValue } from "../../state/jotai";
import "./home.css";

type CardKey = "imageToVideo" | "textToVideo" | "videoToAnime" | "textToImage" | "imageToImage" | "textToMusic";

const cards: ReadonlyArray<{ key: CardKey; route: RouteName; art: string }> = [
  { key: "imageToVideo", route: "ImageToVideo", art: "art-1" },
  { key: "textToVideo", route: "TextToVideo", art: "art-2" },
  { key: "videoToAnime", route: "VideoToVideo", art: "art-3" },
  { key: "textToImage", route: "TextToImage", art: "art-4" },
  { key: "imageToImage", route: "ImageToImage", art: "art-5" },
  { key: "textToMusic", route: "TextToMusic", art: "art-6" },
];

export default function HomePage() {
  const { t } = useTranslation("home");
  const { t: tMenu } = useTranslation("menu");
  const language = useAtomValue(languageAtom);
  return (
    <div className="home">
      <section className="hero">
        <h1 className="hero-title">{t("heroTitle")}</h1>
        <p className="hero-subtitle">{t("heroSubtitle")}</p>
        <div className="hero-actions">
          <Link className="button button--primary button--large" to={routePath("ImageToVideo", {}, language)}>
            {t("ctaPrimary")}
          </Link>
          <Link className="button button--secondary button--large" to={routePath("Explore", {}, language)}>
            {t("ctaSecondary")}
          </Link>
        </div>
      </section>
      <section className="home-section" aria-labelledby="home-features">
        <h2 id="home-features">{t("featuresTitle")}</h2>
        <ul className="feature-cards">
          {cards.map((card) => (
            <li key={card.key}>
              <Link className="feature-card" to={routePath(card.route, {}, language)}>
                <span className={`feature-art ${card.art}`} aria-hidden="true" />
                <span className="feature-name">{tMenu(card.key)}</span>
                <span className="feature-text">{t(`cards.${card.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="home-section tools-band" aria-labelledby="home-tools">
        <h2 id="home-tools">{t("toolsTitle")}</h2>
        <p>{t("toolsText")}</p>
        <Link className="button button--secondary" to={routePath("AiTools", {}, language)}>
          {tMenu("aiTools")}
        </Link>
      </section>
      <ChatbotWidget />
    </div>
  );
}
