/**
 * Starts the build-update service when the app starts (poll, manifest prefetch, chunk-load
 * reload) and announces a newer build once with an info toast (decision: the visitor learns why
 * the next page takes a full load).
 */
import { i18n } from "../../i18n/setup";
import type { AppStartContext } from "../../routes/app-start";
import { showToast } from "../overlays/toasts";
import { buildUpdates, setUpdatesRouter } from "./updatesService";

export function onAppStart({ router }: AppStartContext): void {
  setUpdatesRouter(router);
  buildUpdates().onOutdated(() => showToast("info", i18n.t("updates:available")));
}
