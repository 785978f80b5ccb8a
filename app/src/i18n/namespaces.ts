/**
 * The translation namespaces: one JSON file per namespace per language in src/locales/<code>/.
 * To add one: create src/locales/en/<name>.json (and the other languages), add it here and in
 * i18next.d.ts. The build merges them per language; nothing else to register. `accountPage` is
 * the server's log-in and sign-up pages' (compiled into the server, server/src/accounts/page_texts.rs),
 * kept here with every other translation.
 */
export const namespaces = [
  "common",
  "language",
  "menu",
  "meta",
  "errorPage",
  "featureGuide",
  "modal",
  "home",
  "page",
  "overlays",
  "cms",
  "promo",
  "updates",
  "create",
  "music",
  "effects",
  "tools",
  "explore",
  "tasks",
  "account",
  "accountPage",
  "pricing",
  "checkin",
  "credits",
  "ads",
] as const;

export type Namespace = (typeof namespaces)[number];
