/** Whether the credit history dialog (docs/behaviour/credits-and-checkin.md#the-ledger, opened from the account panel) is open. */
import { atom, appStore } from "../../state/jotai";

export const creditHistoryOpenAtom = atom(false);

export function openCreditHistory(store = appStore): void {
  store.set(creditHistoryOpenAtom, true);
}
