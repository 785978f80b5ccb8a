/// <reference types="vite/client" />

/** Content hash of the translation files, set by build/i18n-messages.ts. */
declare const __I18N_HASH__: string;

interface ImportMetaEnv {
  /** development | beta | staging | production; decides zz and the error page's debug stack. */
  readonly VITE_STAGE?: string;
  /** Script URL of the chatbot widget shown on home; unset = no chatbot. */
  readonly VITE_CHATBOT_URL?: string;
  /** Origin of the API; unset = same origin as the page. */
  readonly VITE_API_BASE?: string;
  /** Public origin used in canonical and sharing URLs; unset = the page's origin. */
  readonly VITE_SITE_ORIGIN?: string;
}
