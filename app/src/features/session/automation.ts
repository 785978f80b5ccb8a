/**
 * Unsolicited overlays (ad popups, the automatic check-in popup, the free-trial box, the
 * early-login click wall) are not shown to automated browsers (`navigator.webdriver`, set by
 * crawlers and test drivers): an ad impression or a login wall for a robot helps no one, and a
 * popup appearing by itself would cover the page a crawler or a script is reading. Decision of
 * this project (the spec does not say); the local-storage switch `aivg.automation-popups` = "1"
 * turns them back on, for QA scripts and the account end-to-end tests.
 */
import { readRaw } from "./storage";

export const AUTOMATION_POPUPS_KEY = "aivg.automation-popups";

export function unsolicitedOverlaysAllowed(): boolean {
  const automated = typeof navigator !== "undefined" && navigator.webdriver === true;
  return !automated || readRaw("local", AUTOMATION_POPUPS_KEY) === "1";
}
