/**
 * Session start (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions): the token first
 * (synchronously, before the first render, so the header does not flash the login button), the
 * cached user info as soon as core's later rules are in, and a fresh user info; the token's renewal
 * is planned; logged-out answers and other tabs' logouts are wired here.
 */
import { onLoggedOut } from "@aivg/core/rules";
import { appStore } from "../../state/jotai";
import { reportLoggedOut } from "./loggedOut";
import { startTokenRenewal } from "./renew";
import { clearCredentials, initSession, listenForOtherLogouts, refreshUser } from "./session";

export function onAppStart(): void {
  void initSession(appStore);
  startTokenRenewal(appStore);
  onLoggedOut(() => reportLoggedOut(appStore));
  listenForOtherLogouts(() => clearCredentials(appStore));
  void refreshUser(appStore);
}
