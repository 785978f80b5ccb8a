/** The payload of the page shown, for pages to read (`usePagePayload`). */
import { useLocation } from "react-router";
import { atom, useAtomValue } from "../../state/jotai";
import { payloadPath, type PagePayload } from "./pagePayload";

export interface PayloadState {
  path: string;
  status: "loading" | "ready" | "none";
  payload?: PagePayload;
}

export const pagePayloadAtom = atom<PayloadState | null>(null);

/** The current page's payload (undefined while loading or when the page has none). */
export function usePagePayload(): PagePayload | undefined {
  const { pathname } = useLocation();
  const state = useAtomValue(pagePayloadAtom);
  return state && state.path === payloadPath(pathname) ? state.payload : undefined;
}
