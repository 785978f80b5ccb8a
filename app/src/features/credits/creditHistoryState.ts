/** Whether the credit history dialog (spec 02 §2, opened from the account panel) is open. */
import { atom, appStore } from "../../state/jotai";

export const creditHistoryOpenAtom = atom(false);

export function openCreditHistory(store = appStore): void {
  store.set(creditHistoryOpenAtom, true);
}
