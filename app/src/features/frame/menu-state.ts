/**
 * The generate-clicked flag of docs/behaviour/languages-and-routes.md#page-frame: set by a creation
 * screen when the user starts a generation, reset whenever a sidebar entry is selected.
 */
import { atom } from "../../state/jotai";

export const generateClickedAtom = atom(false);
