/**
 * Opens the feedback modal from the account panel (docs/behaviour/languages-and-routes.md#overlays
 * "Account panel actions: ... feedback (only if supplied)"; the page and its query:
 * docs/behaviour/calls-and-errors.md#request-rules).
 *
 * Decisions where the spec is silent: "supplied" means the deployment names a feedback page
 * (`VITE_FEEDBACK_URL`); `fid` is the product's AppId (core's `appSettings`), so one feedback
 * service can tell the products it serves apart; the source's user type is the plan level shown
 * in the header (guest, free, standard or vip) and its app version the client's product version,
 * else the build id.
 */
import { appSettings, getAccessToken, getClientConfig, getClientSerial } from "@aivg/core/rules";
import { appStore } from "../../state/jotai";
import { feedbackPageAddress } from "../overlays/modals/feedbackPage";
import { openModal } from "../overlays/modalAtoms";
import { flagsAtom, userAtom } from "../session/session";
import { themeAtom } from "../theme/theme";
import { BUILD_ID } from "../updates/buildInfo";

/** Whether this site offers feedback at all. */
export function feedbackSupplied(): boolean {
  return feedbackPageAddress() !== null;
}

/** The source JSON of the feedback page: token, uid, user type, app id, device id, app version. */
export function feedbackSource(store = appStore): Record<string, unknown> {
  let deviceId = "";
  try {
    deviceId = getClientSerial();
  } catch (e) {
    // No crypto or cookies: the feedback still goes, without a device id.
    console.warn("feedback: no client serial", e);
  }
  return {
    token: getAccessToken() ?? "",
    uid: store.get(userAtom)?.uid ?? "",
    user_type: store.get(flagsAtom).planLevel,
    app_id: appSettings().appId,
    device_id: deviceId,
    app_version: getClientConfig().productVersion || BUILD_ID,
  };
}

/** Opens the feedback modal for the current visitor. */
export function openFeedback(store = appStore): string {
  return openModal("feedback", { fid: String(appSettings().appId), source: feedbackSource(store), theme: store.get(themeAtom) }, {}, store);
}
