/**
 * A few recommended explore items (`GET /v1/workflow/explore/list` with recommend 1), each leading
 * to the screen that makes the same, and a link to the whole explore page. Hidden when nothing
 * loads (the explore page shows the error).
 */
import { addPrefix, listExplore, routePath } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { trackHookClick } from "../analytics";
import { readExplorePage, type ExploreItem } from "../explore/exploreItems";
import { languageAtom } from "../language/state";

/** Our choice: two rows of four on desktop. */
export const HIGHLIGHTS = 8;

export function ExploreHighlights() {
  const { t } = useTranslation("home");
  const language = useAtomValue(languageAtom);
  const [items, setItems] = useState<ExploreItem[]>([]);
  useEffect(() => {
    let live = true;
    listExplore({ page: 1, page_size: HIGHLIGHTS, recommend: 1 })
      .then((answer) => {
        if (live) setItems(readExplorePage(answer).items.slice(0, HIGHLIGHTS));
      })
      .catch((error: unknown) => console.info("home: explore highlights not loaded", error));
    return () => {
      live = false;
    };
  }, []);
  if (items.length === 0) return null;
  const explore = routePath("Explore", {}, language);
  return (
    <section className="home-section" aria-labelledby="home-explore">
      <div className="home-section__head">
        <h2 id="home-explore">{t("exploreTitle")}</h2>
        <Link to={explore}>{t("exploreMore")}</Link>
      </div>
      <ul className="home-explore" data-testid="home-explore">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              className="home-explore__item"
              to={item.route ? addPrefix(item.route, language) : explore}
              onClick={() => trackHookClick("home_explore", { explore_id: item.id })}
            >
              <img src={item.thumbnail} alt="" loading="lazy" width={item.width} height={item.height} />
              <span>{item.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
