/**
 * The home page's carousel of templates from the server (`GET /v1/recommend/tpl`, the hot ones):
 * autoplay, loop, one slide per view, gap 10 px
 * (docs/behaviour/languages-and-routes.md#page-frame). Embla does the sliding, touch and looping
 * (carouselDriver.ts), started when the carousel comes within 200 px of the screen: until then its
 * first slide shows, as it would anyway. A failed or empty load hides the section
 * (docs/behaviour/calls-and-errors.md#the-error-catalogue: template load failure is only logged).
 * Below the slides: previous, pause/play and next buttons. Autoplay pauses while the pointer is
 * over the slides or the keyboard focus is in them, and stays paused after the pause button (or
 * from the start when the visitor asks for reduced motion) until play.
 */
import { getRecommendedTemplates, routePath, uiConstants } from "@aivg/core/rules";
import { useEffect, useRef, useState, type FocusEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { trackHookClick } from "../analytics";
import { readTemplatePage, type Template } from "../effects/templates";
import { Icon } from "../icons/Icon";
import { languageAtom } from "../language/state";
import type { CarouselControls } from "./carouselDriver";

/** docs/behaviour/languages-and-routes.md#page-frame: carousel gap 10 px (core's number), applied as the slides' left padding. */
export const CAROUSEL_GAP_PX = uiConstants().carouselGapPx;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function TemplateCarousel() {
  const { t } = useTranslation("home");
  const language = useAtomValue(languageAtom);
  const [templates, setTemplates] = useState<Template[]>([]);
  const viewport = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const controls = useRef<CarouselControls | null>(null);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = !paused && !hovered && !focused;
  const playingNow = useRef(playing);
  useEffect(() => {
    playingNow.current = playing;
    controls.current?.setPlaying(playing);
  }, [playing]);

  useEffect(() => {
    let live = true;
    getRecommendedTemplates({ action_conf: "hot", action_conf_value: 1 })
      .then((answer) => {
        if (live) setTemplates(readTemplatePage(answer).templates);
      })
      .catch((error: unknown) => console.info("home: templates not loaded", error));
    return () => {
      live = false;
    };
  }, []);

  const shown = templates.length > 0;
  useEffect(() => {
    const element = viewport.current;
    if (!shown || !element) return;
    let live = true;
    let stop: (() => void) | null = null;
    const start = () => {
      import("./carouselDriver")
        .then(({ driveCarousel }) => {
          if (!live) return;
          const driven = driveCarousel(element, setCurrent, playingNow.current);
          controls.current = driven;
          stop = () => {
            controls.current = null;
            driven.stop();
          };
        })
        .catch((error: unknown) => console.info("home: carousel not started", error));
    };
    if (typeof IntersectionObserver === "undefined") {
      start();
    } else {
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          start();
        },
        { rootMargin: "200px" },
      );
      observer.observe(element);
      stop = () => observer.disconnect();
    }
    return () => {
      live = false;
      stop?.();
    };
  }, [shown]);

  if (templates.length === 0) return null;
  const leaveFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(false);
  };
  return (
    <section className="home-section" aria-labelledby="home-templates">
      <h2 id="home-templates">{t("templatesTitle")}</h2>
      <div className="home-carousel" data-testid="home-carousel" data-selected={current} aria-roledescription="carousel">
        <div
          className="home-carousel__viewport"
          ref={viewport}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={leaveFocus}
        >
          <div className="home-carousel__track" style={{ marginLeft: -CAROUSEL_GAP_PX }}>
            {templates.map((tpl, i) => (
              <div
                key={tpl.id}
                className="home-carousel__slide"
                style={{ paddingLeft: CAROUSEL_GAP_PX }}
                role="group"
                aria-roledescription="slide"
                aria-label={t("templateSlide", { n: i + 1, total: templates.length })}
                data-testid="home-carousel-slide"
              >
                <Link
                  className="home-carousel__card"
                  to={`${routePath("EffectCreate", {}, language)}?tpl_id=${tpl.id}`}
                  onClick={() => trackHookClick("home_template", { tpl_id: tpl.id })}
                >
                  <img src={tpl.thumbnail} alt="" loading={i === 0 ? "eager" : "lazy"} />
                  <span className="home-carousel__caption">
                    <strong>{tpl.name}</strong>
                    <span>{t("useTemplate")}</span>
                  </span>
                </Link>
              </div>
            ))}
          </div>
        </div>
        <div className="home-carousel__controls">
          <button type="button" className="home-carousel__button" aria-label={t("carousel.previous")} onClick={() => controls.current?.previous()}>
            <Icon name="arrow-right" className="home-carousel__back" />
          </button>
          <button
            type="button"
            className="home-carousel__button"
            data-testid="home-carousel-pause"
            aria-label={paused ? t("carousel.play") : t("carousel.pause")}
            onClick={() => setPaused((p) => !p)}
          >
            <span className={paused ? "home-carousel__play" : "home-carousel__pause"} aria-hidden="true" />
          </button>
          <button type="button" className="home-carousel__button" aria-label={t("carousel.next")} onClick={() => controls.current?.next()}>
            <Icon name="arrow-right" />
          </button>
        </div>
      </div>
    </section>
  );
}
