import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../state/jotai";
import { loadAllMessages, renderApp } from "../../test/render-app";
import { generateClickedAtom } from "./menu-state";

beforeAll(loadAllMessages);
beforeEach(() => {
  localStorage.clear();
  document.cookie = "i18n_redirected=; max-age=0; path=/";
  vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-US"]);
});

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

describe("desktop sidebar", () => {
  beforeEach(() => setWidth(1280));

  it("shows the entries, groups and dividers in the order of docs/behaviour/languages-and-routes.md#page-frame", async () => {
    renderApp("/home");
    const nav = await screen.findByRole("navigation");
    const list = nav.querySelector("ul");
    const sequence = [...(list?.children ?? [])].map((item) =>
      item.classList.contains("menu-divider")
        ? "|"
        : item.classList.contains("menu-group")
          ? `[${item.querySelector(".menu-group-title")?.textContent}: ${[...item.querySelectorAll("a")].map((a) => a.textContent).join(", ")}]`
          : item.textContent,
    );
    expect(sequence).toEqual([
      "Home",
      "Explore",
      "Effect",
      "|",
      "[AI Video: Image to Video, Text to Video, Video to Anime]",
      "[AI Image: Text to Image, Image to Image]",
      "[AI Audio: Text to Music]",
      "|",
      "Libraries",
      "AI Tools",
    ]);
  });

  it("marks the video-to-anime route active on the Video to Anime entry", async () => {
    renderApp("/video-to-anime");
    const nav = await screen.findByRole("navigation");
    await waitFor(() => expect(within(nav).getByRole("link", { name: "Video to Anime" })).toHaveAttribute("aria-current", "page"));
    expect(within(nav).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("navigates on select, marks the entry active and resets the generate-clicked flag", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/de/home");
    const nav = await screen.findByRole("navigation");
    appStore.set(generateClickedAtom, true);
    await user.click(within(nav).getByRole("link", { name: "Text zu Musik" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/de/text-to-music"));
    expect(appStore.get(generateClickedAtom)).toBe(false);
    await waitFor(() => expect(within(nav).getByRole("link", { name: "Text zu Musik" })).toHaveAttribute("aria-current", "page"));
  });

  it("has a logo link to home and the frame title", async () => {
    renderApp("/fr/explore");
    const banner = await screen.findByRole("banner");
    const logo = await within(banner).findByRole("link", { name: "Accueil du générateur de vidéos IA" });
    expect(logo).toHaveAttribute("href", "/fr/home");
    expect(within(banner).getByText("Générateur de vidéos IA")).toBeInTheDocument();
  });
});

describe("phone drawer", () => {
  beforeEach(() => setWidth(390));

  it("replaces the sidebar with a drawer that has a title and closes after a choice", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/home");
    await screen.findByRole("banner");
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Navigation" });
    await user.click(within(drawer).getByRole("link", { name: "Explore" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/explore"));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
