/**
 * Creating needs a signed-in user (docs/behaviour/accounts-and-sessions.md#roles-and-permissions).
 * The session feature owns login (its token atom re-renders on login and logout); a token core's
 * HTTP client already holds (session storage) counts too. Without either, a "Log in to create"
 * button that opens the log-in dialog stands where Generate would be: a signed-out visitor is
 * invited to log in, never shown an error or a dead control (decision of ours, written on
 * docs/behaviour/accounts-and-sessions.md#signed-out-visitors).
 */
import { getAccessToken } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { openLoginDialog } from "../login/loginState";
import { tokenAtom } from "../session/session";

export function useSignedIn(): boolean {
  return Boolean(useAtomValue(tokenAtom)) || Boolean(getAccessToken());
}

export function SignInButton() {
  const { t } = useTranslation("create");
  return (
    <button type="button" className="button button--primary button--large" data-testid="sign-in-to-create" onClick={() => openLoginDialog("login")}>
      {t("signIn")}
    </button>
  );
}
