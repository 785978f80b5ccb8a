/** Switching the interface language: remember the choice, then open the same page under its prefix. */
import { switchLanguagePath, type LanguageCode } from "@aivg/core/rules";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { saveLanguage } from "./persistence";

export function useSwitchLanguage(): (code: LanguageCode) => void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useCallback(
    (code: LanguageCode) => {
      // Saved first: English has no prefix, so the guard's step 2 must find "en" saved, not the old language.
      saveLanguage(code);
      void navigate(switchLanguagePath(pathname, code) + search + hash);
    },
    [navigate, pathname, search, hash],
  );
}
