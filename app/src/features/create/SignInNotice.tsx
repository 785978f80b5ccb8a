/**
 * Creating needs a signed-in user (docs/behaviour/accounts-and-sessions.md#roles-and-permissions).
 * The session feature owns login (its token atom re-renders on login and logout); a token core's
 * HTTP client already holds (session storage) counts too. Without either, this notice replaces the
 * Generate button.
 */
import { getAccessToken } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { tokenAtom } from "../session/session";

export function useSignedIn(): boolean {
  return Boolean(useAtomValue(tokenAtom)) || Boolean(getAccessToken());
}

export function SignInNotice() {
  const { t } = useTranslation("create");
  return (
    <p className="create-notice" role="note" data-testid="sign-in-notice">
      {t("signIn")}
    </p>
  );
}
