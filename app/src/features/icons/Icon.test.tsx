import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Icon } from "./Icon";
import { clearIconCache, iconUrl } from "./iconCache";

/**
 * jsdom loads no images: this stands in for the browser's, loading the URLs `outcome` says load
 * (a 404, a failed request or a body that is no image all end in `error` in a browser).
 */
const requested: string[] = [];
let outcome: (url: string) => "load" | "error" = () => "load";
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    requested.push(url);
    const result = outcome(url);
    setTimeout(() => (result === "load" ? this.onload?.() : this.onerror?.()), 0);
  }
}

describe("Icon", () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  let consoleWarn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    clearIconCache();
    requested.length = 0;
    outcome = () => "load";
    vi.stubGlobal("Image", FakeImage);
    consoleError = vi.spyOn(console, "error");
    consoleWarn = vi.spyOn(console, "warn");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("draws the icon as a mask at 24×24, loading each name once", async () => {
    const { container } = render(
      <>
        <Icon name="home" />
        <Icon name="home" size={32} />
      </>,
    );
    await waitFor(() => expect(container.querySelectorAll('[data-state="ready"]')).toHaveLength(2));
    const [first, second] = container.querySelectorAll<HTMLElement>(".aivg-icon");
    expect(first?.style.width).toBe("24px");
    expect(first?.style.height).toBe("24px");
    expect(second?.style.width).toBe("32px");
    expect(first?.style.maskImage).toBe(`url(${JSON.stringify(iconUrl("home"))})`);
    expect(requested).toEqual([iconUrl("home")]);
    // A later icon of the same name renders from the cache at once.
    const later = render(<Icon name="home" />);
    expect(later.container.querySelector<HTMLElement>(".aivg-icon")?.dataset.state).toBe("ready");
    expect(requested).toHaveLength(1);
  });

  it("never puts the icon's markup into the page", async () => {
    const { container } = render(<Icon name="video" />);
    await waitFor(() => expect(container.querySelector('[data-state="ready"]')).not.toBeNull());
    expect(container.querySelector(".aivg-icon")?.innerHTML).toBe("");
  });

  it("renders an empty icon, silently, when it cannot be loaded", async () => {
    outcome = () => "error";
    const { container } = render(<Icon name="music" />);
    await waitFor(() => expect(requested).toEqual([iconUrl("music")]));
    await new Promise((r) => setTimeout(r, 20));
    const icon = container.querySelector<HTMLElement>(".aivg-icon");
    expect(icon?.dataset.state).toBe("empty");
    expect(icon?.style.maskImage).toBe("");
    expect(icon?.style.width).toBe("24px");
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
    // The failure is remembered: another icon of that name does not ask again.
    render(<Icon name="music" />);
    await new Promise((r) => setTimeout(r, 20));
    expect(requested).toHaveLength(1);
  });

  it("never loads a name that could leave the icon folder", async () => {
    render(<Icon name="../secret" label="x" />);
    await new Promise((r) => setTimeout(r, 10));
    expect(requested).toEqual([]);
    expect(screen.getByRole("img", { name: "x" }).dataset.state).toBe("empty");
  });
});
