/**
 * The account provider's frame messages (docs/behaviour/accounts-and-sessions.md#log-in), from its
 * origin only (the iframe, or the popup fallback through `window.opener`): pageview hides the
 * loader; registerSuccess tracks a registration; auth-code logs in with the code and closes;
 * login-success closes and tracks; login/signup switch the mode; logout logs out; clear-userinfo
 * shows the 'logged out' warning.
 */
import { useEffect } from "react";
import { appStore } from "../../state/jotai";
import { accountOrigin } from "../session/config";
import { handleClearUserInfo } from "../session/loggedOut";
import { loginWithCode, logout } from "../session/session";
import { track } from "../session/track";
import { loginDialogAtom, loginFailed, loginFinished, loginFrameLoadedAtom } from "./loginState";
import { FAILURE_REDIRECT_MS, readFrameMessage } from "./loginRules";

export function useFrameMessages(): void {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const action = readFrameMessage(event.origin, event.data, accountOrigin());
      if (!action) return;
      switch (action.type) {
        case "pageview":
          appStore.set(loginFrameLoadedAtom, true);
          break;
        case "registerSuccess":
          track("register_success");
          break;
        case "authCode":
          loginWithCode(action.code, appStore).then(
            () => {
              track("login_success");
              loginFinished(appStore);
            },
            (error: unknown) => {
              loginFinished(appStore);
              loginFailed(error, FAILURE_REDIRECT_MS);
            },
          );
          break;
        case "login":
          track("login_success");
          loginFinished(appStore);
          break;
        case "mode":
          appStore.set(loginDialogAtom, (s) => ({ ...s, mode: action.mode }));
          break;
        case "logout":
          void logout(appStore);
          break;
        case "clearUserInfo":
          handleClearUserInfo(appStore);
          break;
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);
}
