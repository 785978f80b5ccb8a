/**
 * The phone purchase popup's carousel (docs/behaviour/pricing-and-purchase.md#purchase-popup):
 * slides 1..3 rotating every 6 s (core's `timings().carouselIntervalMs` and `carouselSlides`), a
 * click on a dot selects its slide. Embla (a well-kept carousel library) does the sliding, touch
 * and looping. A visitor who asks for reduced motion gets no rotation (the dots still select), as
 * the home carousel (docs/behaviour/pricing-and-purchase.md#purchase-popup).
 */
import { timings } from "@aivg/core/rules";
import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const { carouselIntervalMs, carouselSlides } = timings();
// Slide texts exist for three slides (the spec's 1..3); core says how many to show.
const SLIDES = ([1, 2, 3] as const).slice(0, carouselSlides);

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function PhoneCarousel() {
  const { t } = useTranslation("pricing");
  const [viewport, api] = useEmblaCarousel({ loop: true }, [
    Autoplay({ delay: carouselIntervalMs, stopOnInteraction: false, playOnInit: !prefersReducedMotion() }),
  ]);
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    if (!api) return;
    const onSelect = () => setCurrent(api.selectedScrollSnap());
    api.on("select", onSelect);
    return () => {
      api.off("select", onSelect);
    };
  }, [api]);
  return (
    <div className="acc-carousel" data-testid="buy-carousel">
      <div className="acc-carousel__viewport" ref={viewport}>
        <div className="acc-carousel__track">
          {SLIDES.map((n) => (
            <div key={n} className={`acc-carousel__slide acc-carousel__slide--${n}`} aria-roledescription="slide">
              <strong>{t(`slide.${n}.title`)}</strong>
              <span>{t(`slide.${n}.text`)}</span>
            </div>
          ))}
        </div>
      </div>
      <div className="acc-carousel__dots" role="tablist" aria-label={t("slides")}>
        {SLIDES.map((n, i) => (
          <button
            key={n}
            type="button"
            role="tab"
            aria-selected={current === i}
            aria-label={t("slideN", { n })}
            className="acc-carousel__dot"
            onClick={() => api?.scrollTo(i)}
          />
        ))}
      </div>
    </div>
  );
}
