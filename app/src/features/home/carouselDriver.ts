/**
 * Embla on the home page's template carousel: autoplay, loop, one slide per view
 * (docs/behaviour/languages-and-routes.md#page-frame; the spec gives no interval, Embla's autoplay
 * default of 4 s is used). Loaded by TemplateCarousel when the carousel comes near the screen: it
 * sits below the first screen on every layout, so a first load does not download Embla
 * (docs/performance.md). Embla watches the slides itself.
 */
import EmblaCarousel from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";

/** Starts the carousel on `viewport`; `onSelect` hears the selected slide. Answers the stop function. */
export function driveCarousel(viewport: HTMLElement, onSelect: (index: number) => void): () => void {
  const api = EmblaCarousel(viewport, { loop: true, align: "start", slidesToScroll: 1 }, [Autoplay({ stopOnInteraction: false, stopOnMouseEnter: true })]);
  const select = () => onSelect(api.selectedScrollSnap());
  select();
  api.on("select", select).on("reInit", select);
  return () => api.destroy();
}
