import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Icon } from "./Icon";
import { clearIconCache, iconUrl } from "./iconCache";

const HOME = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 11l9-8 9 8"/></svg>';

function answer(status: number, body: string) {
  return Promise.resolve(new Response(body, { status, headers: { "content-type": "image/svg+xml" } }));
}

describe("Icon", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let consoleError: ReturnType<typeof vi.spyOn>;
  let consoleWarn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    clearIconCache();
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    consoleError = vi.spyOn(console, "error");
    consoleWarn = vi.spyOn(console, "warn");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("renders the fetched SVG at 24×24, fetching each name once", async () => {
    fetchMock.mockImplementation(() => answer(200, HOME));
    const { container } = render(
      <>
        <Icon name="home" />
        <Icon name="home" size={32} />
      </>,
    );
    await waitFor(() => expect(container.querySelectorAll("svg")).toHaveLength(2));
    const [first, second] = container.querySelectorAll<HTMLElement>(".aivg-icon");
    expect(first?.style.width).toBe("24px");
    expect(first?.style.height).toBe("24px");
    expect(second?.style.width).toBe("32px");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(iconUrl("home"));
    // A later icon of the same name renders from the cache at once.
    const later = render(<Icon name="home" />);
    expect(later.container.querySelector("svg")).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("strips scripts and handlers from the markup", async () => {
    fetchMock.mockImplementation(() =>
      answer(200, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><path d="M0 0"/></svg>'),
    );
    const { container } = render(<Icon name="video" />);
    await waitFor(() => expect(container.querySelector("path")).not.toBeNull());
    expect(container.innerHTML).not.toContain("script");
    expect(container.innerHTML).not.toContain("onload");
  });

  it.each([
    ["a 404", () => answer(404, '{"code":404}')],
    ["a 204", () => answer(204, "")],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a body that is not SVG", () => answer(200, "<html>oops</html>")],
  ])("renders an empty icon, silently, on %s", async (_, reply) => {
    fetchMock.mockImplementation(reply);
    const { container } = render(<Icon name="music" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    const icon = container.querySelector<HTMLElement>(".aivg-icon");
    expect(icon?.innerHTML).toBe("");
    expect(icon?.dataset.state).toBe("empty");
    expect(icon?.style.width).toBe("24px");
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
  });

  it("never fetches a name that could leave the icon folder", async () => {
    render(<Icon name="../secret" label="x" />);
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole("img", { name: "x" }).innerHTML).toBe("");
  });
});
