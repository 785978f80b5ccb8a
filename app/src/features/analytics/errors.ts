/**
 * Uncaught errors and unhandled promise rejections become error events
 * (docs/behaviour/ads-and-experiments.md#analytics: error events with code and message, also sent
 * to the tag-manager layer). Core's errors carry a stable `code` (DESIGN.md); anything else is
 * reported with the code "js_error" or "unhandled_rejection".
 */
import { trackError } from "./events";

function describe(reason: unknown, fallback: string): { code: string | number; message: string } {
  if (reason && typeof reason === "object") {
    const r = reason as { code?: unknown; message?: unknown };
    const code = typeof r.code === "string" || typeof r.code === "number" ? r.code : fallback;
    const message = typeof r.message === "string" ? r.message : String(reason);
    return { code, message };
  }
  return { code: fallback, message: String(reason) };
}

/** Listens until the returned function is called. */
export function trackUncaughtErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const { code, message } = describe(event.error ?? { message: event.message }, "js_error");
    trackError(code, message.slice(0, 500));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const { code, message } = describe(event.reason, "unhandled_rejection");
    trackError(code, message.slice(0, 500));
  };
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}
