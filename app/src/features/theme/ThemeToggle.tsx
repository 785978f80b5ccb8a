import { useTranslation } from "react-i18next";
import { useAtom } from "../../state/jotai";
import { themeAtom } from "./theme";

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useAtom(themeAtom);
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={next === "light" ? t("themeToLight") : t("themeToDark")}
      onClick={() => setTheme(next)}
      data-theme-toggle={theme}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        {theme === "dark" ? (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
        ) : (
          <g stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none">
            <circle cx="12" cy="12" r="4" fill="currentColor" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </g>
        )}
      </svg>
    </button>
  );
}
