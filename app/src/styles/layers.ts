/**
 * The stacking constants of docs/behaviour/languages-and-routes.md#page-frame (popover 1000, dialog
 * 2000, tooltip 99999, check-in popup 500) come from core's `uiConstants()`; CSS reads them as custom
 * properties set here once at start.
 */
import { uiConstants } from "@aivg/core/rules";

export function applyLayerTokens(root: HTMLElement = document.documentElement): void {
  const ui = uiConstants();
  root.style.setProperty("--popover-z", String(ui.popoverZIndex));
  root.style.setProperty("--dialog-z", String(ui.dialogZIndex));
  root.style.setProperty("--tooltip-z", String(ui.tooltipZIndex));
  root.style.setProperty("--checkin-popup-z", String(ui.checkinPopupZIndex));
}
