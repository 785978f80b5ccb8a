/**
 * The membership features the server grants the signed-in user
 * (docs/behaviour/accounts-and-sessions.md#roles-and-permissions "Feature access is decided by
 * server-side feature-code authorization", docs/behaviour/calls-and-errors.md#the-calls `POST
 * /v1/feature-code/auth` → `{feature_auth, free_trial}`). Asked once per user and plan (no SKU ids:
 * only the features are wanted here), so a purchase that changes the plan (the user info refreshes)
 * asks again; a failed call counts as no feature, and is asked again next time. Used by downloads:
 * watermark-free for the plans that have it, the file as it is otherwise.
 */
import { authFeatureCodes } from "@aivg/core/rules";
import { appStore, atom } from "../../state/jotai";
import { loadLater } from "../later/load";
import { userAtom } from "../session/session";

interface Granted {
  /** uid and plan the answer is for. */
  key: string;
  features: unknown;
}

const grantedAtom = atom<Granted | null>(null);

/** Whether the signed-in user's plan has `code` (false for guests). */
export async function userHasFeature(code: string, store = appStore): Promise<boolean> {
  const user = store.get(userAtom);
  if (!user?.uid) return false;
  const key = `${user.uid}:${user.verify?.level}:${user.verify?.expired_time}`;
  let granted = store.get(grantedAtom);
  if (granted?.key !== key) {
    try {
      const answer = await authFeatureCodes({ pids: [] });
      granted = { key, features: answer.feature_auth ?? [] };
      store.set(grantedAtom, granted);
    } catch (e) {
      console.warn("feature authorization not read", e);
      return false;
    }
  }
  // Asked only when a download is about to happen: core's check comes with the later rules (a
  // failed download of them counts as no feature, like a failed call).
  try {
    return (await loadLater()).hasFeature(granted.features, code);
  } catch (e) {
    console.warn("feature check not loaded", e);
    return false;
  }
}
