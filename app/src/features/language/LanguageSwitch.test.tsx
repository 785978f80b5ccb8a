import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAllMessages, renderApp } from "../../test/render-app";

beforeAll(loadAllMessages);
beforeEach(() => {
  document.cookie = "i18n_redirected=; max-age=0; path=/";
  localStorage.clear();
  vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-US"]);
});

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

describe("language switch on desktop", () => {
  beforeEach(() => setWidth(1280));

  it("lists the eight languages in two columns, zz hidden, and applies on Confirm", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/explore?q=cats");
    await user.click(await screen.findByRole("button", { name: "Language: English" }));
    const dialog = await screen.findByTestId("language-dialog");
    const options = within(dialog).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["English", "简体中文", "Deutsch", "Español", "Français", "日本語", "한국어", "Português"]);
    expect(within(dialog).getByRole("listbox")).toHaveClass("language-list--columns");

    await user.click(within(dialog).getByRole("option", { name: "Deutsch" }));
    // Nothing happens before Confirm.
    expect(router.state.location.pathname).toBe("/explore");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/de/explore"));
    expect(router.state.location.search).toBe("?q=cats");
    expect(document.cookie).toContain("i18n_redirected=de");
    await waitFor(() => expect(screen.queryByTestId("language-dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("heading", { level: 1, name: "KI-Werke entdecken" })).toBeInTheDocument();
  });

  it("Cancel closes without switching", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/home");
    await user.click(await screen.findByRole("button", { name: "Language: English" }));
    const dialog = await screen.findByTestId("language-dialog");
    await user.click(within(dialog).getByRole("option", { name: "Français" }));
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByTestId("language-dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/home");
  });

  it("confirming the current language just closes", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/ko/home");
    const trigger = await screen.findByRole("button", { name: "언어: 한국어" });
    await user.click(trigger);
    const dialog = await screen.findByTestId("language-dialog");
    const before = router.state.location.key;
    await user.click(within(dialog).getByRole("button", { name: "확인" }));
    await waitFor(() => expect(screen.queryByTestId("language-dialog")).not.toBeInTheDocument());
    expect(router.state.location.key).toBe(before);
  });

  it("switching back to English drops the prefix and stays English", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/de/home");
    await user.click(await screen.findByRole("button", { name: "Sprache: Deutsch" }));
    const dialog = await screen.findByTestId("language-dialog");
    await user.click(within(dialog).getByRole("option", { name: "English" }));
    await user.click(within(dialog).getByRole("button", { name: "Bestätigen" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(localStorage.getItem("language")).toBe("en");
  });
});

describe("language switch on phones", () => {
  beforeEach(() => setWidth(390));

  it("is a bottom sheet whose choice applies at once", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/home");
    await user.click(await screen.findByRole("button", { name: "Language: English" }));
    const sheet = await screen.findByTestId("language-sheet");
    expect(within(sheet).queryByRole("button", { name: "Confirm" })).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole("option", { name: "日本語" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/jp/home"));
    await waitFor(() => expect(screen.queryByTestId("language-sheet")).not.toBeInTheDocument());
  });

  it("choosing the current language just closes", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/home");
    await user.click(await screen.findByRole("button", { name: "Language: English" }));
    const sheet = await screen.findByTestId("language-sheet");
    const before = router.state.location.key;
    await user.click(within(sheet).getByRole("option", { name: "English" }));
    await waitFor(() => expect(screen.queryByTestId("language-sheet")).not.toBeInTheDocument());
    expect(router.state.location.key).toBe(before);
  });
});
