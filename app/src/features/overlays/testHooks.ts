/**
 * `window.__aivgOverlays` lets end-to-end tests and developers open the shell's overlays before
 * any feature page uses them (the creation screens come in a later issue). It exists outside
 * production builds, and in a production build only when the page set
 * `window.__AIVG_TEST_HOOKS__ = true` before the app started (Playwright's addInitScript does):
 * it gives nothing a script on the page could not already do.
 */
import { buildStage } from "../../env";
import { closeAllModals, openModal } from "./modalAtoms";
import { showToast } from "./toasts";

export interface OverlayTestHooks {
  openModal: typeof openModal;
  closeAllModals: typeof closeAllModals;
  showToast: typeof showToast;
}

type TestWindow = { __AIVG_TEST_HOOKS__?: boolean; __aivgOverlays?: OverlayTestHooks; __AIVG_FEEDBACK_URL__?: unknown };

function hooksAllowed(w: TestWindow): boolean {
  return buildStage !== "production" || w.__AIVG_TEST_HOOKS__ === true;
}

export function exposeTestHooks(): void {
  const w = window as unknown as TestWindow;
  if (!hooksAllowed(w)) return;
  w.__aivgOverlays = { openModal, closeAllModals, showToast };
}

/**
 * A feedback page address given by the page itself (`window.__AIVG_FEEDBACK_URL__`), under the
 * same condition as the hooks: a browser test serves a feedback page of its own, since a build
 * has none unless its deployment names one (`VITE_FEEDBACK_URL`). "" otherwise.
 */
export function testFeedbackPage(): string {
  if (typeof window === "undefined") return "";
  const w = window as unknown as TestWindow;
  const url = w.__AIVG_FEEDBACK_URL__;
  return hooksAllowed(w) && typeof url === "string" ? url.trim() : "";
}
