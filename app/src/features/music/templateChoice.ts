/**
 * Choosing a music template when the prompt box already holds the user's own words opens the
 * audio edit choice (docs/behaviour/languages-and-routes.md#overlays overlays;
 * docs/behaviour/calls-and-errors.md#messages "Audio modal defaults to the first option").
 *
 * Decided (spec silent): a template should not silently throw away what the user typed, so the
 * choice is asked exactly when the user's prompt would be lost (non-empty and not the template's
 * own); the first option, the template's whole settings, is what picking a template means.
 */

/** The options of the choice, in order (the first is preselected). */
export const TEMPLATE_USES = ["all", "keepPrompt"] as const;
export type TemplateUse = (typeof TEMPLATE_USES)[number];

/** Whether picking a template with `templatePrompt` must ask first (the user's prompt would go). */
export function asksHowToUse(currentPrompt: string, templatePrompt: string): boolean {
  const mine = currentPrompt.trim();
  const theirs = templatePrompt.trim();
  return mine !== "" && theirs !== "" && mine !== theirs;
}

/** Whether the template's prompt replaces the user's under a choice. */
export function takesPrompt(use: TemplateUse): boolean {
  return use === "all";
}

/** Reads a choice's value; anything unknown is the first option. */
export function templateUse(value: string): TemplateUse {
  return (TEMPLATE_USES as readonly string[]).includes(value) ? (value as TemplateUse) : "all";
}
