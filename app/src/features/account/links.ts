/**
 * External links of the account panel (docs/behaviour/languages-and-routes.md#links: account
 * center, cloud storage, privacy, terms, a discord invite), configurable per deployment through
 * Vite env; the defaults are this site's own placeholders. The feedback page (VITE_FEEDBACK_URL) is
 * not a link: see feedback.ts.
 */
import { envText } from "../../env";
export interface AccountLinks {
  accountCenter: string;
  cloudStorage: string;
  privacy: string;
  terms: string;
  discord: string;
}

export function accountLinks(): AccountLinks {
  return {
    accountCenter: envText("VITE_ACCOUNT_CENTER_URL") || "/account/login",
    cloudStorage: envText("VITE_CLOUD_STORAGE_URL") || "/libraries",
    privacy: envText("VITE_PRIVACY_URL") || "https://www.media.io/privacy.html",
    terms: envText("VITE_TERMS_URL") || "https://www.media.io/terms.html",
    discord: envText("VITE_DISCORD_URL") || "https://discord.gg/mediaio",
  };
}
