/**
 * The pricing-V3 purchase popup (docs/behaviour/pricing-and-purchase.md#purchase-popup): 960 px
 * modal on desktop, full screen on phones; the halloween banner in its season, tabs credits and
 * membership (Radix Tabs), the premium panel, the footer, and on phones the carousel. Dimmed and
 * inert until the purchase data is initialised.
 */
import * as Tabs from "@radix-ui/react-tabs";
import type { BuyTab } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { appStore, useAtomValue } from "../../state/jotai";
import { AccountDialog } from "../account/AccountDialog";
import { useIsPhone } from "../frame/viewport";
import { buyDialogAtom, closeBuyDialog } from "./buyState";
import { BuyFooter } from "./BuyFooter";
import { HalloweenBanner } from "./HalloweenBanner";
import { CreditsTab } from "./CreditsTab";
import { MembershipTab } from "./MembershipTab";
import { PhoneCarousel } from "./PhoneCarousel";
import { PremiumPanel } from "./PremiumPanel";
import type { BuyFlow } from "./useBuyFlow";
import "../overlays/modals.css";

export function BuyDialogV3({ flow, layout }: { flow: BuyFlow; layout: "B" | "C" }) {
  const { t } = useTranslation("pricing");
  const state = useAtomValue(buyDialogAtom);
  const phone = useIsPhone();
  const ready = flow.data !== null;
  return (
    <AccountDialog open={state.open} onClose={() => closeBuyDialog()} title={t("title")} className="acc-buy acc-buy--v3" fullScreen={phone} testId="buy-dialog">
      <div className={ready ? "acc-buy__body" : "acc-buy__body acc-buy__body--loading"} aria-busy={!ready} inert={!ready}>
        <HalloweenBanner />
        {phone && <PhoneCarousel />}
        <Tabs.Root value={state.tab} onValueChange={(tab) => appStore.set(buyDialogAtom, (s) => ({ ...s, tab: tab as BuyTab }))}>
          <Tabs.List className="aivg-tabs" aria-label={t("title")}>
            <Tabs.Trigger className="aivg-tab" value="credits">
              {t("tab.credits")}
            </Tabs.Trigger>
            <Tabs.Trigger className="aivg-tab" value="membership">
              {t("tab.membership")}
            </Tabs.Trigger>
          </Tabs.List>
          <PremiumPanel />
          {flow.data && (
            <>
              <Tabs.Content value="credits">
                <CreditsTab data={flow.data} flow={flow} phone={phone} />
              </Tabs.Content>
              <Tabs.Content value="membership">
                <MembershipTab data={flow.data} flow={flow} layout={layout} phone={phone} />
              </Tabs.Content>
            </>
          )}
        </Tabs.Root>
        {flow.failed && (
          <p className="acc-error" role="alert">
            {t("loadFailed")}
          </p>
        )}
        <BuyFooter />
      </div>
    </AccountDialog>
  );
}
