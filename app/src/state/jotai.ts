/**
 * The one place the app imports jotai from (DESIGN.md: "jotai imported through one wrapper module").
 * Atoms live in the feature folder that uses them; they import `atom` and the hooks from here.
 *
 * `appStore` is the store the whole app renders with. Code outside React (route loaders, the
 * on-route-change hooks) reads and writes atoms through it, so both sides see the same state.
 */
import { createStore } from "jotai";

export { atom, createStore, useAtom, useAtomValue, useSetAtom, Provider } from "jotai";
export type { Atom, PrimitiveAtom, WritableAtom } from "jotai";

export const appStore = createStore();
