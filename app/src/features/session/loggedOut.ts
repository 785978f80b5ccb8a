/**
 * docs/behaviour/calls-and-errors.md#logged-out-answer: a logged-out answer (code 140013 or HTTP
 * 401, except the session's own calls; core's `onLoggedOut` decides) broadcasts a clear-userinfo
 * message to the parent frame; where that message arrives (or when the page is the top frame) the
 * user sees the 'logged out' warning and the login info is cleared.
 */
import { i18n } from "../../i18n/setup";
import { appStore } from "../../state/jotai";
import { showToast } from "../overlays/toasts";
import { clearCredentials, tokenAtom } from "./session";

/** Shows the warning once per session loss and clears the login info. */
export function handleClearUserInfo(store = appStore): void {
  const hadSession = store.get(tokenAtom) !== null;
  clearCredentials(store);
  if (hadSession) showToast("warn", i18n.t("account:loggedOut"), null, store);
}

/** What a logged-out answer does in this frame. */
export function reportLoggedOut(store = appStore): void {
  if (window.parent !== window) {
    window.parent.postMessage({ action: "clear-userinfo" }, "*");
    clearCredentials(store);
  } else {
    handleClearUserInfo(store);
  }
}
