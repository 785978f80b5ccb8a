/**
 * Links of the account panel (docs/behaviour/languages-and-routes.md#links: account center, cloud
 * storage, privacy, terms, a discord invite). The operator sets terms, privacy, Discord and the
 * account center on the server (`AIVG_TERMS_URL`, … in docs/configuration.md), which answers them
 * at `GET /v1/common/links`, so one build serves any operator; until that answer is in, the
 * server's own defaults apply: its terms and privacy pages, the signed-in user's account page, no
 * Discord. Cloud storage stays a build setting (an app route). The feedback page
 * (VITE_FEEDBACK_URL) is not a link: see feedback.ts.
 */
import { useEffect, useState } from "react";
import { apiBase, envText } from "../../env";

export interface AccountLinks {
  accountCenter: string;
  cloudStorage: string;
  privacy: string;
  terms: string;
  /** No Discord entry when null. */
  discord: string | null;
}

/** A server path (`/legal/terms`) on the API's origin; an absolute URL as it is. */
function onServer(link: string): string {
  return link.startsWith("/") ? `${apiBase}${link}` : link;
}

/** The links before the server's answer: the server's own defaults. */
export function accountLinks(): AccountLinks {
  return {
    accountCenter: onServer("/account"),
    cloudStorage: envText("VITE_CLOUD_STORAGE_URL") || "/libraries",
    privacy: onServer("/legal/privacy"),
    terms: onServer("/legal/terms"),
    discord: null,
  };
}

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/** The links of a `GET /v1/common/links` answer, over the defaults. */
export function readLinks(raw: unknown, base: AccountLinks = accountLinks()): AccountLinks {
  const data = (raw as { data?: Record<string, unknown> } | null)?.data ?? {};
  const set = (key: string, fallback: string) => {
    const v = text(data[key]);
    return v ? onServer(v) : fallback;
  };
  return {
    accountCenter: set("account_center", base.accountCenter),
    cloudStorage: base.cloudStorage,
    privacy: set("privacy", base.privacy),
    terms: set("terms", base.terms),
    discord: text(data.discord) ? onServer(text(data.discord) ?? "") : null,
  };
}

let loaded: Promise<AccountLinks> | null = null;

/** The operator's links, asked once a page. */
export function loadAccountLinks(): Promise<AccountLinks> {
  loaded ??= fetch(`${apiBase}/v1/common/links`)
    .then((r) => (r.ok ? r.json() : null))
    .then((raw: unknown) => readLinks(raw))
    .catch((e: unknown) => {
      console.warn("account links not loaded", e);
      loaded = null;
      return accountLinks();
    });
  return loaded;
}

/** The account panel's links: the defaults, then the operator's. */
export function useAccountLinks(): AccountLinks {
  const [links, setLinks] = useState(accountLinks);
  useEffect(() => {
    let live = true;
    void loadAccountLinks().then((l) => live && setLinks(l));
    return () => {
      live = false;
    };
  }, []);
  return links;
}
