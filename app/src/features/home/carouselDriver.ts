/**
 * Embla on the home page's template carousel: autoplay, loop, one slide per view
 * (docs/behaviour/languages-and-routes.md#page-frame; the spec gives no interval, Embla's autoplay
 * default of 4 s is used). Loaded by TemplateCarousel when the carousel comes near the screen: it
 * sits below the first screen on every layout, so a first load does not download Embla
 * (docs/performance.md). Embla watches the slides itself. When autoplay runs is the component's
 * business (pause button, hover, focus): Embla's own stop-on-hover/focus rules are off.
 */
import EmblaCarousel from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";

export interface CarouselControls {
  previous(): void;
  next(): void;
  /** Runs or pauses autoplay. */
  setPlaying(playing: boolean): void;
  stop(): void;
}

/** Starts the carousel on `viewport`, playing or not; `onSelect` hears the selected slide. */
export function driveCarousel(viewport: HTMLElement, onSelect: (index: number) => void, playing: boolean): CarouselControls {
  const autoplay = Autoplay({ playOnInit: playing, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false });
  const api = EmblaCarousel(viewport, { loop: true, align: "start", slidesToScroll: 1 }, [autoplay]);
  const select = () => onSelect(api.selectedScrollSnap());
  select();
  api.on("select", select).on("reInit", select);
  return {
    previous: () => api.scrollPrev(),
    next: () => api.scrollNext(),
    setPlaying: (on) => {
      if (on) autoplay.play();
      else autoplay.stop();
    },
    stop: () => api.destroy(),
  };
}
