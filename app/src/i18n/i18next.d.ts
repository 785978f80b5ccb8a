/**
 * Typed translation keys: `t("...")` only accepts keys present in the English files.
 */
import "i18next";
import type cms from "../locales/en/cms.json";
import type common from "../locales/en/common.json";
import type errorPage from "../locales/en/errorPage.json";
import type featureGuide from "../locales/en/featureGuide.json";
import type home from "../locales/en/home.json";
import type language from "../locales/en/language.json";
import type menu from "../locales/en/menu.json";
import type meta from "../locales/en/meta.json";
import type modal from "../locales/en/modal.json";
import type overlays from "../locales/en/overlays.json";
import type page from "../locales/en/page.json";
import type promo from "../locales/en/promo.json";
import type updates from "../locales/en/updates.json";
import type overlays from "../locales/en/overlays.json";
import type cms from "../locales/en/cms.json";
import type promo from "../locales/en/promo.json";
import type updates from "../locales/en/updates.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      common: typeof common;
      language: typeof language;
      menu: typeof menu;
      meta: typeof meta;
      errorPage: typeof errorPage;
      featureGuide: typeof featureGuide;
      modal: typeof modal;
      home: typeof home;
      page: typeof page;
      cms: typeof cms;
      updates: typeof updates;
      overlays: typeof overlays;
      promo: typeof promo;
      overlays: typeof overlays;
      cms: typeof cms;
      promo: typeof promo;
      updates: typeof updates;
    };
  }
}
