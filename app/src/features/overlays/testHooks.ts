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

export function exposeTestHooks(): void {
  const w = window as unknown as { __AIVG_TEST_HOOKS__?: boolean; __aivgOverlays?: OverlayTestHooks };
  if (buildStage === "production" && w.__AIVG_TEST_HOOKS__ !== true) return;
  w.__aivgOverlays = { openModal, closeAllModals, showToast };
}
