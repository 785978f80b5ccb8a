/**
 * Every creation type and AI tool of the product
 * (docs/behaviour/languages-and-routes.md#page-frame) as a grid of links, each with its icon. Names
 * reuse the menu's and the tools' translations; the lines are the home page's.
 */
import { routePath, type RouteName } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { trackHookClick } from "../analytics";
import { Icon } from "../icons/Icon";
import { languageAtom } from "../language/state";

type CreationKey = "imageToVideo" | "textToVideo" | "videoToAnime" | "textToImage" | "imageToImage" | "textToMusic" | "effect";
type ToolKey = "videoEnhancer" | "imageEnhancer" | "bgRemover" | "objectRemover" | "partialRedrawing" | "talkingAvatar" | "videoEraser";

export const CREATIONS: ReadonlyArray<{ key: CreationKey; route: RouteName; icon: string }> = [
  { key: "imageToVideo", route: "ImageToVideo", icon: "video" },
  { key: "textToVideo", route: "TextToVideo", icon: "video" },
  // docs/behaviour/languages-and-routes.md#page-frame: the video-to-video entry is shown as video
  // to anime.
  { key: "videoToAnime", route: "VideoToVideo", icon: "video" },
  { key: "textToImage", route: "TextToImage", icon: "image" },
  { key: "imageToImage", route: "ImageToImage", icon: "image" },
  { key: "textToMusic", route: "TextToMusic", icon: "music" },
  { key: "effect", route: "Effect", icon: "effect" },
];

export const TOOLS: ReadonlyArray<{ key: ToolKey; route: RouteName; icon: string }> = [
  { key: "videoEnhancer", route: "AiToolsVideoEnhancer", icon: "sparkle" },
  { key: "imageEnhancer", route: "AiToolsImageEnhancer", icon: "sparkle" },
  { key: "bgRemover", route: "AiToolsBgRemover", icon: "image" },
  { key: "objectRemover", route: "AiToolsObjectRemover", icon: "tools" },
  { key: "partialRedrawing", route: "AiToolsPartialRedrawing", icon: "tools" },
  { key: "talkingAvatar", route: "LipSync", icon: "avatar" },
  { key: "videoEraser", route: "AiToolsVideoEraser", icon: "video" },
];

export function CreationGrid() {
  const { t } = useTranslation("home");
  const { t: tMenu } = useTranslation("menu");
  const { t: tTools } = useTranslation("tools");
  const language = useAtomValue(languageAtom);
  return (
    <>
      <section className="home-section" aria-labelledby="home-features">
        <h2 id="home-features">{t("featuresTitle")}</h2>
        <ul className="home-grid" data-testid="home-creations">
          {CREATIONS.map((c) => (
            <li key={c.key}>
              <Link className="home-tile" to={routePath(c.route, {}, language)} onClick={() => trackHookClick("home_grid", { target: c.route })}>
                <Icon name={c.icon} className="home-tile__icon" />
                <span className="home-tile__name">{tMenu(c.key)}</span>
                <span className="home-tile__text">{t(`cards.${c.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="home-section" aria-labelledby="home-tools">
        <h2 id="home-tools">
          <Link to={routePath("AiTools", {}, language)}>{t("toolsTitle")}</Link>
        </h2>
        <p className="home-section__lead">{t("toolsText")}</p>
        <ul className="home-grid home-grid--tools" data-testid="home-tools">
          {TOOLS.map((tool) => (
            <li key={tool.key}>
              <Link className="home-tile" to={routePath(tool.route, {}, language)} onClick={() => trackHookClick("home_grid", { target: tool.route })}>
                <Icon name={tool.icon} className="home-tile__icon" />
                <span className="home-tile__name">{tTools(`${tool.key}.title`)}</span>
                <span className="home-tile__text">{t(`tools.${tool.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
