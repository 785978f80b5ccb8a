/**
 * Copy with the copy-success toast (docs/behaviour/calls-and-errors.md#messages: "copy success
 * shows a copy-success toast"); a failure shows an error toast. Answers whether the text was
 * copied; never throws.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../overlays/toasts";
import { copyText } from "./copyText";

export function useCopy(): (text: string) => Promise<boolean> {
  const { t } = useTranslation("home");
  return useCallback(
    async (text: string) => {
      const copied = await copyText(text);
      showToast(copied ? "success" : "error", copied ? t("clipboard.copied") : t("clipboard.failed"));
      return copied;
    },
    [t],
  );
}
