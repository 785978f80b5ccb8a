/** Whether the API keys dialog (docs/api.md, opened from the account panel) is open. */
import { atom, appStore } from "../../state/jotai";

export const apiKeysOpenAtom = atom(false);

export function openApiKeys(store = appStore): void {
  store.set(apiKeysOpenAtom, true);
}
