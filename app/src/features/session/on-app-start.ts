/**
 * Session start (spec 02 §4): token and cached user info first (synchronously, before the first
 * render, so the header does not flash the login button), then a fresh user info; the token's
 * renewal is planned; logged-out answers and other tabs' logouts are wired here.
 */
import { onLoggedOut } from "@aivg/core/rules";
import { appStore } from "../../state/jotai";
import { reportLoggedOut } from "./loggedOut";
import { startTokenRenewal } from "./renew";
import { clearCredentials, initSession, listenForOtherLogouts, refreshUser } from "./session";

export function onAppStart(): void {
  initSession(appStore);
  startTokenRenewal(appStore);
  onLoggedOut(() => reportLoggedOut(appStore));
  listenForOtherLogouts(() => clearCredentials(appStore));
  void refreshUser(appStore);
}
