/**
 * The embedded feedback page (docs/behaviour/calls-and-errors.md#request-rules: "a feedback page is
 * loaded in an embedded frame with query fid, lang, embed, theme and a source JSON";
 * docs/behaviour/calls-and-errors.md#toasts: "Feedback success shows a success toast").
 *
 * Decisions where the spec is silent: the page's address is the deployment's `VITE_FEEDBACK_URL`
 * (none: the site offers no feedback, docs/behaviour/accounts-and-sessions.md#roles-and-permissions
 * "Feedback action only where supplied"); the page talks to the site as the account provider's
 * pages do, posting `{ action, data }` to its parent: `feedback-success` (sent: the frame closes
 * and the success toast shows) and `close` (the user closed it inside the page). Messages from any
 * other origin or window are ignored.
 */
import { envText } from "../../../env";
import { testFeedbackPage } from "../testHooks";

/** Where the feedback page lives, or null when this deployment has none. */
export function feedbackPageAddress(): string | null {
  return envText("VITE_FEEDBACK_URL") || testFeedbackPage() || null;
}

/** What the feedback page is told (docs/behaviour/calls-and-errors.md#request-rules). */
export interface FeedbackQuery {
  fid: string;
  source: Record<string, unknown>;
  theme?: "dark" | "light";
}

/** The address of the feedback page for the current user: fid, lang, embed, theme, source JSON. */
export function feedbackUrl(base: string, data: FeedbackQuery, lang: string, pageHref: string): string {
  const url = new URL(base, pageHref);
  url.searchParams.set("fid", data.fid);
  url.searchParams.set("lang", lang);
  url.searchParams.set("embed", "1");
  url.searchParams.set("theme", data.theme ?? "dark");
  url.searchParams.set("source", JSON.stringify(data.source));
  return url.toString();
}

export type FeedbackMessage = "success" | "close";

/** Reads a `message` event of the feedback frame: null unless it is from the page's origin and known. */
export function readFeedbackMessage(origin: string, data: unknown, pageOrigin: string): FeedbackMessage | null {
  if (origin !== pageOrigin || typeof data !== "object" || data === null) return null;
  const { action } = data as { action?: unknown };
  if (action === "feedback-success") return "success";
  if (action === "close") return "close";
  return null;
}
