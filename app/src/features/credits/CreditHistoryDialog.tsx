/**
 * The credit history dialog (docs/behaviour/credits-and-checkin.md#the-ledger: 45rem wide, from the
 * account panel). Its body (CreditHistoryBody.tsx: the filter, the records, the infinite scroll)
 * loads when it first opens.
 */
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useAtom } from "../../state/jotai";
import { AccountDialog } from "../account/AccountDialog";
import { creditHistoryOpenAtom } from "./creditHistoryState";

const HistoryBody = lazy(() => import("./CreditHistoryBody"));

export function CreditHistoryDialog() {
  const { t } = useTranslation("credits");
  const [open, setOpen] = useAtom(creditHistoryOpenAtom);
  return (
    <AccountDialog open={open} onClose={() => setOpen(false)} title={t("title")} className="acc-credits" testId="credit-history">
      {open && (
        <Suspense fallback={null}>
          <HistoryBody />
        </Suspense>
      )}
    </AccountDialog>
  );
}
