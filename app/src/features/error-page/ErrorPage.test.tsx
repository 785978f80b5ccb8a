import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/setup";
import { appStore, Provider } from "../../state/jotai";
import { loadAllMessages } from "../../test/render-app";
import { languageAtom } from "../language/state";
import { ErrorPage, type ErrorPageProps } from "./ErrorPage";

beforeAll(loadAllMessages);

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

function show(props: ErrorPageProps, entries: string[] = ["/oops"]) {
  const router = createMemoryRouter(
    [
      { path: "/oops", element: <ErrorPage userAgent={browser} stage="production" {...props} /> },
      { path: "*", element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <Provider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return router;
}

describe("error page", () => {
  it.each([
    [500, "Oops! Something went wrong on our end"],
    [503, "We're temporarily unavailable"],
    [502, "Connection issue detected"],
    [404, "Page Not Found"],
    [403, "Access not permitted"],
    [401, "Please sign in to continue"],
    [418, "Something unexpected happened"],
  ])("shows status %i with the title of docs/behaviour/languages-and-routes.md#error-page", async (status, title) => {
    await i18n.changeLanguage("en");
    show({ statusCode: status });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(title);
    expect(screen.getByText(String(status))).toBeInTheDocument();
  });

  it("defaults to 404", async () => {
    await i18n.changeLanguage("en");
    show({});
    expect(screen.getByText("404")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Page Not Found");
  });

  it("shows nothing to bots", () => {
    show({ statusCode: 500, userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("shows the feature guide grouped as AI video, AI image, AI audio, in the page language", async () => {
    appStore.set(languageAtom, "de");
    await i18n.changeLanguage("de");
    show({ statusCode: 404 });
    const guide = screen.getByRole("navigation");
    const groups = within(guide)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(groups).toEqual(["KI-Video", "KI-Bild", "KI-Audio"]);
    expect(within(guide).getByRole("link", { name: "Video zu Anime" })).toHaveAttribute("href", "/de/video-to-video");
    expect(screen.getByRole("link", { name: "Zur Startseite" })).toHaveAttribute("href", "/de/home");
    await act(async () => {
      appStore.set(languageAtom, "en");
      await i18n.changeLanguage("en");
    });
  });

  it("shows the debug stack only outside beta and production", () => {
    show({ statusCode: 500, message: "boom", stack: "at somewhere", stage: "development" });
    expect(screen.getByText(/at somewhere/)).toBeInTheDocument();
  });

  it.each(["beta", "production"])("hides the debug stack in %s", (stage) => {
    show({ statusCode: 500, message: "boom", stack: "at somewhere", stage });
    expect(screen.queryByText(/at somewhere/)).not.toBeInTheDocument();
  });

  it("Go Back goes back when there is history", async () => {
    const user = userEvent.setup();
    const router = show({ statusCode: 404 }, ["/before", "/oops"]);
    await user.click(screen.getByRole("button", { name: "Go Back" }));
    expect(router.state.location.pathname).toBe("/before");
  });

  it("Go Back goes home when the app was opened on the error page", async () => {
    const user = userEvent.setup();
    const router = show({ statusCode: 404 }, ["/oops"]);
    await user.click(screen.getByRole("button", { name: "Go Back" }));
    expect(router.state.location.pathname).toBe("/home");
  });
});
