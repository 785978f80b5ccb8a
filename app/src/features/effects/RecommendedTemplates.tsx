/**
 * "More like this" under an effect (docs/behaviour/tasks-and-queue.md#templates `GET
 * /v1/recommend/tpl?tag&action_conf& action_conf_value`; where the spec uses it is not shown beyond
 * the home carousel: decided here, the effect screen shows the hot templates of the same media, the
 * current one left out, so a user can try another without going back to the list). A failed load
 * hides it (docs/behaviour/calls-and-errors.md#the-error-catalogue: template load failure is only
 * logged).
 */
import { getRecommendedTemplates, routePath } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";
import { readTemplatePage, type Template } from "./templates";

/** How many are shown (a row of cards on a desktop screen; presentation). */
const SHOWN = 6;

export function RecommendedTemplates({ current }: { current: Template }) {
  const { t } = useTranslation("effects");
  const language = useAtomValue(languageAtom);
  const [list, setList] = useState<Template[]>([]);
  useEffect(() => {
    let live = true;
    getRecommendedTemplates({ tag: current.media, action_conf: "hot", action_conf_value: 1 })
      .then((answer) => {
        if (live)
          setList(
            readTemplatePage(answer)
              .templates.filter((x) => x.id !== current.id)
              .slice(0, SHOWN),
          );
      })
      .catch((e: unknown) => console.info("effect: recommended templates not loaded", e));
    return () => {
      live = false;
    };
  }, [current.id, current.media]);
  if (list.length === 0) return null;
  return (
    <section className="create-field" aria-labelledby="effect-more" data-testid="recommended-templates">
      <h2 id="effect-more" className="create-label">
        {t("moreLikeThis")}
      </h2>
      <ul className="create-grid">
        {list.map((tpl) => (
          <li key={tpl.id} className="create-card create-card--link">
            <Link to={`${routePath("EffectCreate", {}, language)}?tpl_id=${tpl.id}`} className="create-card__link">
              <img src={tpl.thumbnail} alt="" loading="lazy" />
              <span className="create-card__body">{tpl.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
