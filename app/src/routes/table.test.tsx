import { languages, routeTable } from "@aivg/core/later";
import { render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAllMessages, renderApp } from "../test/render-app";
import { FatalErrorBoundary } from "../features/error-page/boundaries";
import { i18n } from "../i18n/setup";
import type { PageData } from "./page";
import { validationFailed } from "./route-error";
import { RootLayout } from "./RootLayout";
import { pageSources } from "./page-sources";

beforeAll(loadAllMessages);
beforeEach(() => {
  document.cookie = "i18n_redirected=; max-age=0; path=/";
  localStorage.clear();
  vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-US"]);
});

describe("route table", () => {
  it("names a module for every page route of core's table, and none for the redirecting ones", () => {
    const redirecting = ["Index", "Create"];
    expect(Object.keys(pageSources).sort()).toEqual(
      routeTable()
        .map((route) => route.name)
        .filter((name) => !redirecting.includes(name))
        .sort(),
    );
  });

  it("shows a page under every language prefix", async () => {
    for (const code of languages().map((l) => l.code)) {
      const prefix = code === "en" ? "" : `/${code}`;
      const { router, unmount } = renderApp(`${prefix}/explore/zone`);
      await waitFor(() => expect(router.state.loaderData.page).toBeDefined());
      expect(router.state.location.pathname).toBe(`${prefix}/explore/zone`);
      expect((router.state.loaderData.page as PageData).match).toMatchObject({ name: "ExploreZone", language: code });
      unmount();
    }
  });
});

describe("navigation", () => {
  it("redirects / to /home keeping the query", async () => {
    const { router } = renderApp("/?a=1&b=2");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(router.state.location.search).toBe("?a=1&b=2");
  });

  it("redirects a bare prefix to its home and /create to image to video", async () => {
    const first = renderApp("/ko?x=1");
    await waitFor(() => expect(first.router.state.location.pathname).toBe("/ko/home"));
    expect(first.router.state.location.search).toBe("?x=1");
    first.unmount();
    const second = renderApp("/de/create?ref=1");
    await waitFor(() => expect(second.router.state.location.pathname).toBe("/de/image-to-video"));
    expect(second.router.state.location.search).toBe("?ref=1");
  });

  it("shows a prefixed page in its language and sets html lang", async () => {
    renderApp("/fr/explore");
    expect(await screen.findByRole("heading", { level: 1, name: "Explorer les créations IA" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("fr-FR");
  });

  it("redirects an unprefixed path to the saved language", async () => {
    localStorage.setItem("language", "es");
    const { router } = renderApp("/explore?q=1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/es/explore"));
    expect(router.state.location.search).toBe("?q=1");
  });

  it("redirects by browser language and remembers it", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["ja-JP", "ja"]);
    const { router } = renderApp("/home");
    await waitFor(() => expect(router.state.location.pathname).toBe("/jp/home"));
    expect(document.cookie).toContain("i18n_redirected=jp");
    expect(localStorage.getItem("language")).toBe("jp");
  });

  it("shows the non-fatal 404 inside the frame for an unknown path", async () => {
    renderApp("/no/such/page?x=1");
    const page = await screen.findByRole("heading", { level: 1, name: "Page Not Found" });
    const section = page.closest("section");
    expect(section).toHaveAttribute("data-message", "Page not found: /no/such/page?x=1");
    expect(screen.getByRole("banner")).toBeInTheDocument();
  });

  it("shows a 500 error page for /debug/test-error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderApp("/debug/test-error");
    expect(await screen.findByRole("heading", { level: 1, name: "Oops! Something went wrong on our end" })).toBeInTheDocument();
  });

  it("shows a Template route without header and sidebar", async () => {
    renderApp("/template");
    expect(await screen.findByRole("heading", { level: 1, name: "Templates" })).toBeInTheDocument();
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });
});

describe("fatal errors", () => {
  it("replace the whole page, without the frame", async () => {
    const router = createMemoryRouter(
      [
        {
          Component: RootLayout,
          ErrorBoundary: FatalErrorBoundary,
          // A route whose validation fails.
          children: [
            {
              path: "/explore",
              loader: ({ request }) => {
                throw validationFailed(new URL(request.url));
              },
              element: null,
            },
          ],
        },
      ],
      { initialEntries: ["/explore"] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    const heading = await screen.findByRole("heading", { level: 1, name: "Page Not Found" });
    expect(heading.closest("section")).toHaveAttribute("data-message", "Page Not Found: /explore");
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
  });
});
