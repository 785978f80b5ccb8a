/**
 * Creating needs a signed-in user (spec 02 §6). The session feature owns login; until a token is
 * present this notice replaces the Generate button. The token is read the way core's HTTP client
 * reads it (session storage, then memory).
 */
import { getAccessToken } from "@aivg/core";
import { useTranslation } from "react-i18next";

export function useSignedIn(): boolean {
  return Boolean(getAccessToken());
}

export function SignInNotice() {
  const { t } = useTranslation("create");
  return <p className="create-notice" role="note" data-testid="sign-in-notice">{t("signIn")}</p>;
}
