/**
 * Dark and light themes. The choice is kept in local storage; without one the system preference
 * decides (index.html applies it before first paint to avoid a flash).
 */
import { atom } from "../../state/jotai";

export type Theme = "dark" | "light";

export const THEME_STORAGE_KEY = "aivg.theme";

function initialTheme(): Theme {
  const fromDom = typeof document !== "undefined" ? document.documentElement.dataset.theme : undefined;
  return fromDom === "light" ? "light" : "dark";
}

const baseThemeAtom = atom<Theme>(initialTheme());

/** The theme; writing it updates `<html data-theme>` and local storage. */
export const themeAtom = atom(
  (get) => get(baseThemeAtom),
  (_get, set, theme: Theme) => {
    set(baseThemeAtom, theme);
    document.documentElement.dataset.theme = theme;
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch (err) {
      console.warn("theme could not be saved", err);
    }
  },
);
