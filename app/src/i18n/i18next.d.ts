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
import type create from "../locales/en/create.json";
import type music from "../locales/en/music.json";
import type effects from "../locales/en/effects.json";
import type tools from "../locales/en/tools.json";
import type explore from "../locales/en/explore.json";
import type tasks from "../locales/en/tasks.json";
import type account from "../locales/en/account.json";
import type accountPage from "../locales/en/accountPage.json";
import type pricing from "../locales/en/pricing.json";
import type checkin from "../locales/en/checkin.json";
import type credits from "../locales/en/credits.json";
import type ads from "../locales/en/ads.json";

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
      create: typeof create;
      music: typeof music;
      effects: typeof effects;
      tools: typeof tools;
      explore: typeof explore;
      tasks: typeof tasks;
      account: typeof account;
      accountPage: typeof accountPage;
      pricing: typeof pricing;
      checkin: typeof checkin;
      credits: typeof credits;
      ads: typeof ads;
    };
  }
}
