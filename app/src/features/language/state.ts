/** The page language, set by the navigation guard on every navigation. */
import type { LanguageCode } from "@aivg/core/rules";
import { atom } from "../../state/jotai";

export const languageAtom = atom<LanguageCode>("en");
