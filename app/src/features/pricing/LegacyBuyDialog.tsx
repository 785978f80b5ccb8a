/**
 * The legacy buy dialogs shown when the V3 flag is off
 * (docs/behaviour/pricing-and-purchase.md#purchase-popup): a desktop dialog and a phone full-screen
 * sheet listing the credit SKUs (core's `creditSkuSets`, the same on every device: plans, then
 * packs, each in core's order) and the membership SKUs of the tier (core's `membershipSkuFilter`: standard in upgrade
 * mode, else premium; `membershipSkuOrder`: price descending), each with its price, discount and a
 * buy button.
 */
import { membershipSkuFilter, membershipSkuOrder } from "@aivg/core/later";
import { useTranslation } from "react-i18next";
import { appStore, useAtomValue } from "../../state/jotai";
import { AccountDialog } from "../account/AccountDialog";
import { useIsPhone } from "../frame/viewport";
import { buyDialogAtom, closeBuyDialog } from "./buyState";
import { BuyFooter } from "./BuyFooter";
import { HalloweenBanner } from "./HalloweenBanner";
import { creditLists, type PricedSku } from "./pricingData";
import { Discount, SkuPrice } from "./SkuLines";
import type { BuyFlow } from "./useBuyFlow";
import "../overlays/modals.css";

function Row({ item, flow }: { item: PricedSku; flow: BuyFlow }) {
  const { t } = useTranslation("pricing");
  return (
    <li className="acc-legacy-row">
      <span>{t(`planLabel.${item.info.planLabel}`, { defaultValue: item.sku.sub_tpl_name ?? "" })}</span>
      {item.info.credits !== null && <span>{t("creditsPer.once", { count: item.info.credits })}</span>}
      <SkuPrice item={item} />
      <Discount item={item} />
      <button type="button" className="acc-primary" onClick={() => flow.buy(item)}>
        {t("buyNow")}
      </button>
    </li>
  );
}

export function LegacyBuyDialog({ flow }: { flow: BuyFlow }) {
  const { t } = useTranslation("pricing");
  const state = useAtomValue(buyDialogAtom);
  const phone = useIsPhone();
  const data = flow.data;
  let rows: PricedSku[] = [];
  if (data) {
    if (state.tab === "credits") {
      const { plans, packs } = creditLists(data, state.activity);
      rows = [...plans.items, ...packs.items];
    } else {
      const allowed = new Set(membershipSkuFilter(data.skus, state.upgradeMode));
      rows = membershipSkuOrder(data.skus)
        .filter((i) => allowed.has(i))
        .map((i) => data.priced[i])
        .filter((p): p is PricedSku => p !== undefined);
    }
  }
  return (
    <AccountDialog
      open={state.open}
      onClose={() => closeBuyDialog()}
      title={t("title")}
      className={phone ? "acc-buy acc-buy--legacy-mobile" : "acc-buy acc-buy--legacy"}
      fullScreen={phone}
      testId="buy-dialog"
    >
      <HalloweenBanner />
      <div className="aivg-tabs" role="tablist">
        {(["credits", "membership"] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={state.tab === tab}
            data-state={state.tab === tab ? "active" : "inactive"}
            className="aivg-tab"
            onClick={() => appStore.set(buyDialogAtom, (s) => ({ ...s, tab }))}
          >
            {t(`tab.${tab}`)}
          </button>
        ))}
      </div>
      <ul className="acc-legacy-list" aria-busy={!data}>
        {rows.map((item) => (
          <Row key={item.index} item={item} flow={flow} />
        ))}
      </ul>
      {flow.failed && (
        <p className="acc-error" role="alert">
          {t("loadFailed")}
        </p>
      )}
      <BuyFooter />
    </AccountDialog>
  );
}
